package io.github.idgen.autoconfigure.segment;

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
 * {@link ConditionalOnSegmentStore}: the store bound by the same {@link Binder} that binds
 * {@link SegmentProperties}; recorded under AOT processing ({@link FrozenConditions}).
 */
class OnSegmentStoreCondition extends SpringBootCondition {

	static final String STORE_PROPERTY = FrozenCondition.SegmentStore.KEY;

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		Map<String, Object> attributes = metadata.getAnnotationAttributes(ConditionalOnSegmentStore.class.getName());
		SegmentStoreType wanted = (SegmentStoreType) attributes.get("value");
		SegmentStoreType chosen = FrozenCondition.SegmentStore.read(context.getEnvironment());
		FrozenConditions.record(context, new FrozenCondition.SegmentStore(wanted, chosen));
		ConditionMessage message = ConditionMessage.forCondition(ConditionalOnSegmentStore.class, wanted)
			.because(STORE_PROPERTY + " is " + chosen);
		return (chosen == wanted) ? ConditionOutcome.match(message) : ConditionOutcome.noMatch(message);
	}

}
