package io.github.idgen.autoconfigure.aot;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.aot.AbstractAotProcessor;
import org.springframework.core.env.Environment;

/**
 * The conditions of idgen that AOT processing decided, recorded while it runs and checked again when
 * the generated code starts the application ({@link FrozenConditionsAotProcessor}).
 */
public final class FrozenConditions {

	/** The record's singleton in the bean factory that AOT processing refreshes. */
	static final String BEAN_NAME = "io.github.idgen.autoconfigure.aot.frozenConditions";

	private final Set<FrozenCondition> conditions = new CopyOnWriteArraySet<>();

	private FrozenConditions() {
	}

	/**
	 * Records a condition's outcome if AOT processing is running; does nothing otherwise.
	 * @param context the condition's context
	 * @param condition the setting read and what was found
	 */
	public static void record(ConditionContext context, FrozenCondition condition) {
		ConfigurableListableBeanFactory beanFactory = context.getBeanFactory();
		if (beanFactory == null || !Boolean.getBoolean(AbstractAotProcessor.AOT_PROCESSING)) {
			return;
		}
		// AOT processing refreshes its context, and so decides every condition, on one thread
		FrozenConditions frozen = (FrozenConditions) beanFactory.getSingleton(BEAN_NAME);
		if (frozen == null) {
			frozen = new FrozenConditions();
			beanFactory.registerSingleton(BEAN_NAME, frozen);
		}
		frozen.conditions.add(condition);
	}

	/**
	 * Returns the conditions recorded in a bean factory.
	 * @param beanFactory the bean factory AOT processing refreshed
	 * @return the conditions in the order they were decided, none if nothing was recorded
	 */
	static List<FrozenCondition> recordedIn(ConfigurableListableBeanFactory beanFactory) {
		return (beanFactory.getSingleton(BEAN_NAME) instanceof FrozenConditions frozen)
				? List.copyOf(frozen.conditions) : List.of();
	}

	/**
	 * Checks that each condition decides now as it did when the AOT code was generated; called by
	 * that code before the context is refreshed.
	 * @param environment the application's environment
	 * @param conditions the conditions as AOT processing decided them
	 * @throws FrozenConditionsChangedException naming every setting that differs
	 */
	public static void verify(Environment environment, FrozenCondition... conditions) {
		// a setting that several conditions read is named once
		Set<String> changes = new LinkedHashSet<>();
		for (FrozenCondition condition : conditions) {
			if (condition.matchesIn(environment) != condition.matched()) {
				changes.add(condition.describeChange(environment));
			}
		}
		if (!changes.isEmpty()) {
			throw new FrozenConditionsChangedException(List.copyOf(changes));
		}
	}

}
