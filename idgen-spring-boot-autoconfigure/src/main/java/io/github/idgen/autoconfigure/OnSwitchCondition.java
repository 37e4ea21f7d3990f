package io.github.idgen.autoconfigure;

import java.util.Map;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * {@link ConditionalOnSwitch}: each switch bound as a {@link Boolean} by the same {@link Binder} that
 * binds the properties classes, so relaxed names (an environment variable such as
 * {@code XXX_COMMON_JDBCENABLED}) and every boolean spelling count the same in both.
 */
class OnSwitchCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnSwitch.class.getName());
		boolean havingValue = (boolean) attributes.get("havingValue");
		boolean matchIfMissing = (boolean) attributes.get("matchIfMissing");
		Binder binder = Binder.get(context.getEnvironment());
		ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnSwitch.class);
		String[] names = (String[]) attributes.get("value");
		for (String name : names) {
			Boolean value = binder.bind(name, Boolean.class).orElse(null);
			if ((value != null) ? value != havingValue : !matchIfMissing) {
				String found = (value != null) ? (value ? " on" : " off") : " not set";
				return ConditionOutcome.noMatch(message.because(name + found));
			}
		}
		return ConditionOutcome.match(message.because(String.join(", ", names) + (havingValue ? " on" : " off")));
	}

}
