package io.github.idgen.autoconfigure;

import java.util.Map;

import io.github.idgen.autoconfigure.aot.FrozenCondition;
import io.github.idgen.autoconfigure.aot.FrozenConditions;

import org.springframework.boot.autoconfigure.condition.ConditionMessage;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * {@link ConditionalOnSwitch}: each switch bound as a {@link Boolean} by the same {@link Binder} that
 * binds the properties classes, so relaxed names (an environment variable such as
 * {@code XXX_COMMON_JDBCENABLED}) and every boolean spelling count the same in both. Under AOT
 * processing each switch read is recorded ({@link FrozenConditions}).
 */
class OnSwitchCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnSwitch.class.getName());
		boolean havingValue = (boolean) attributes.get("havingValue");
		boolean matchIfMissing = (boolean) attributes.get("matchIfMissing");
		ConditionMessage.Builder message = ConditionMessage.forCondition(ConditionalOnSwitch.class);
		String[] names = (String[]) attributes.get("value");
		for (String name : names) {
			Boolean value = FrozenCondition.Switch.read(context.getEnvironment(), name);
			FrozenCondition.Switch decided = new FrozenCondition.Switch(name, havingValue, matchIfMissing, value);
			FrozenConditions.record(context, decided);
			if (!decided.matched()) {
				String found = (value != null) ? (value ? " on" : " off") : " not set";
				return ConditionOutcome.noMatch(message.because(name + found));
			}
		}
		return ConditionOutcome.match(message.because(String.join(", ", names) + (havingValue ? " on" : " off")));
	}

}
