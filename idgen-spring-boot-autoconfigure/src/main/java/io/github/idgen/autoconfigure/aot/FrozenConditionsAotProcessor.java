package io.github.idgen.autoconfigure.aot;

import java.util.List;

import javax.lang.model.element.Modifier;

import io.github.idgen.autoconfigure.segment.SegmentStoreType;
import org.jspecify.annotations.Nullable;

import org.springframework.aot.generate.GeneratedMethod;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.javapoet.CodeBlock;

/**
 * Writes the conditions that AOT processing decided ({@link FrozenConditions}) into the generated
 * code, as a call to {@link FrozenConditions#verify} that runs before the context is refreshed.
 */
class FrozenConditionsAotProcessor implements BeanFactoryInitializationAotProcessor {

	@Override
	public @Nullable BeanFactoryInitializationAotContribution processAheadOfTime(
			ConfigurableListableBeanFactory beanFactory) {
		List<FrozenCondition> conditions = FrozenConditions.recordedIn(beanFactory);
		if (conditions.isEmpty()) {
			return null;
		}
		return (generationContext, code) -> {
			GeneratedMethod method = code.getMethods()
				.add("verifyIdgenConditions", (builder) -> builder
					.addJavadoc("Checks that idgen's conditions decide as when this code was generated.")
					.addModifiers(Modifier.PRIVATE)
					.addParameter(ConfigurableEnvironment.class, "environment")
					.addCode(verifyCall(conditions)));
			code.addInitializer(method.toMethodReference());
		};
	}

	private static CodeBlock verifyCall(List<FrozenCondition> conditions) {
		CodeBlock.Builder call = CodeBlock.builder().add("$T.verify(environment", FrozenConditions.class);
		for (FrozenCondition condition : conditions) {
			call.add(",\n    ").add(construction(condition));
		}
		return call.add(");\n").build();
	}

	private static CodeBlock construction(FrozenCondition condition) {
		if (condition instanceof FrozenCondition.Switch decided) {
			return CodeBlock.of("new $T($S, $L, $L, $L)", FrozenCondition.Switch.class, decided.key(),
					decided.havingValue(), decided.matchIfMissing(), decided.valueAtBuild());
		}
		if (condition instanceof FrozenCondition.Setting decided) {
			return CodeBlock.of("new $T($T.$L, $S)", FrozenCondition.Setting.class, SettingTest.class,
					decided.test().name(), decided.valueAtBuild());
		}
		FrozenCondition.SegmentStore decided = (FrozenCondition.SegmentStore) condition;
		return CodeBlock.of("new $T($T.$L, $T.$L)", FrozenCondition.SegmentStore.class, SegmentStoreType.class,
				decided.wanted().name(), SegmentStoreType.class, decided.chosenAtBuild().name());
	}

}
