package io.github.idgen.server;

import java.util.Map;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * {@link ConditionalOnServerSwitch}: the switch bound as a boolean, the way the properties bind it;
 * {@code @ConditionalOnBooleanProperty} compares the text with {@code true} instead, so that
 * {@code enabled=yes} turned off what the settings showed as on.
 */
class OnServerSwitchCondition extends SpringBootCondition {

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnServerSwitch.class.getName());
		String name = (String) attributes.get("value");
		boolean on = Binder.get(context.getEnvironment()).bind(name, Boolean.class).orElse(true);
		return on ? ConditionOutcome.match(name + " is on") : ConditionOutcome.noMatch(name + " is off");
	}

}
