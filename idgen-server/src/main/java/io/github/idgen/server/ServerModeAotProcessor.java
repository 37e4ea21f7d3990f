package io.github.idgen.server;

import java.util.List;

import javax.lang.model.element.Modifier;

import io.github.idgen.autoconfigure.aot.FrozenConditionsChangedException;
import io.github.idgen.server.ServerModeEnvironmentPostProcessor.ModeDefaults;
import org.jspecify.annotations.Nullable;

import org.springframework.aot.generate.GeneratedMethod;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Under Spring AOT the server's mode is frozen at build time with the beans: the demo's or a
 * service's, with or without the database's and Redis's auto-configurations. This writes the mode's
 * decisions into the generated code, which compares them with the settings it is started with and
 * refuses a start on another mode's beans (a service started on the demo's beans would serve
 * without tokens).
 */
public final class ServerModeAotProcessor implements BeanFactoryInitializationAotProcessor {

	@Override
	public @Nullable BeanFactoryInitializationAotContribution processAheadOfTime(
			ConfigurableListableBeanFactory beanFactory) {
		if (!beanFactory.containsSingleton(ConfigurableApplicationContext.ENVIRONMENT_BEAN_NAME)
				|| !(beanFactory.getSingleton(ConfigurableApplicationContext.ENVIRONMENT_BEAN_NAME)
						instanceof ConfigurableEnvironment environment)) {
			return null;
		}
		String decisions = decisions(environment);
		if (decisions == null) {
			return null;
		}
		return (generationContext, code) -> {
			GeneratedMethod method = code.getMethods()
				.add("verifyIdgenServerMode", (builder) -> builder
					.addJavadoc("Checks that the server's mode is the one this code was generated for.")
					.addModifiers(Modifier.PRIVATE)
					.addParameter(ConfigurableEnvironment.class, "environment")
					.addStatement("$T.verify(environment, $S)", ServerModeAotProcessor.class, decisions));
			code.addInitializer(method.toMethodReference());
		};
	}

	/**
	 * Checks that an environment decides the server's mode as the generated code did.
	 * @param environment the environment the server starts with
	 * @param decisionsAtBuild the mode's decisions when the code was generated
	 * @throws FrozenConditionsChangedException if they differ
	 */
	public static void verify(ConfigurableEnvironment environment, String decisionsAtBuild) {
		String decisions = decisions(environment);
		if (!decisionsAtBuild.equals(decisions)) {
			throw new FrozenConditionsChangedException(List.of("the server's mode was " + decisionsAtBuild
					+ " when the AOT code was generated and is " + decisions + " now"));
		}
	}

	private static @Nullable String decisions(ConfigurableEnvironment environment) {
		return (environment.getPropertySources()
			.get(ServerModeEnvironmentPostProcessor.PROPERTY_SOURCE) instanceof ModeDefaults defaults)
				? defaults.decisions() : null;
	}

}
