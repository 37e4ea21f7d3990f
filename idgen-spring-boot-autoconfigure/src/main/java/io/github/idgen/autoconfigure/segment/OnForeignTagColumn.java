package io.github.idgen.autoconfigure.segment;

import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Matches when the segment table's tag column is not idgen's own {@code tag}
 * ({@code xxx.common.segment-tag-column}): the table is another's, such as Leaf's {@code leaf_alloc}.
 * A condition of its own rather than an expression, so that no start evaluates SpEL for it.
 */
class OnForeignTagColumn extends SpringBootCondition {

	private static final String PROPERTY = "xxx.common.segment-tag-column";

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		String column = context.getEnvironment().getProperty(PROPERTY, "tag");
		return "tag".equalsIgnoreCase(column) ? ConditionOutcome.noMatch(PROPERTY + " is idgen's own column 'tag'")
				: ConditionOutcome.match(PROPERTY + " is '" + column + "'");
	}

}
