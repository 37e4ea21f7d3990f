package io.github.idgen.autoconfigure.segment;

import io.github.idgen.autoconfigure.aot.FrozenCondition;
import io.github.idgen.autoconfigure.aot.FrozenConditions;
import io.github.idgen.autoconfigure.aot.SettingTest;

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

	private static final String PROPERTY = SettingTest.FOREIGN_TAG_COLUMN.key();

	@Override
	public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
		FrozenCondition.Setting column = FrozenCondition.Setting.read(context.getEnvironment(),
				SettingTest.FOREIGN_TAG_COLUMN);
		FrozenConditions.record(context, column);
		return column.matched() ? ConditionOutcome.match(PROPERTY + " is " + column.valueAtBuild())
				: ConditionOutcome.noMatch(PROPERTY + " is idgen's own column 'tag'");
	}

}
