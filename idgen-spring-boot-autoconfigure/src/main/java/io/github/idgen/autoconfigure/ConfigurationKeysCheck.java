package io.github.idgen.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginLookup;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * Stops start-up, before any bean is made, when a key under {@code xxx.common} or {@code idgen.} is not
 * one of idgen's ({@link ConfigurationKeys}): a misspelt {@code xxx.common.worker-id}, or
 * {@code idgen.worker-id}, was ignored, and the instance ran on worker id 0 beside others. Several
 * classes bind parts of {@code xxx.common}, and maps take user-chosen names, so Spring Boot's
 * {@code ignoreUnknownFields=false} cannot tell. Every property source that can list its keys is
 * checked, in each relaxed form a key may take (camel case, underscores, an environment variable's
 * {@code XXX_COMMON_ID_WORKER_ID}); one that cannot (a source that
 * only answers lookups) is not. Left alone: idgen-server's own {@code idgen.server.*} keys, and
 * environment variables starting with {@code IDGEN_}, which are often a script's rather than
 * Spring's.
 */
final class ConfigurationKeysCheck implements BeanFactoryPostProcessor, EnvironmentAware, Ordered {

	private static final Log logger = LogFactory.getLog(ConfigurationKeysCheck.class);

	/** Boot's view of every other source, which would list each key twice. */
	private static final String ATTACHED = "configurationProperties";

	private @Nullable Environment environment;

	@Override
	public void setEnvironment(Environment environment) {
		this.environment = environment;
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		if (this.environment instanceof ConfigurableEnvironment configurable) {
			ConfigurationKeys keys = ConfigurationKeys.load(beanFactory.getBeanClassLoader());
			if (!keys.isKnown(List.of("xxx", "common", "idworkerid"), false)) {
				// a jar that merged the metadata files of several libraries into one (a shaded jar) may have lost
				// idgen's: then every key would pass for unknown
				logger.warn("idgen's configuration metadata (META-INF/spring-configuration-metadata.json of"
						+ " idgen-spring-boot-autoconfigure) is not on the class path, so its keys are not checked");
				return;
			}
			List<String> unknown = unknownKeys(configurable, keys);
			if (!unknown.isEmpty()) {
				throw new UnknownConfigurationKeysException(unknown);
			}
		}
	}

	/** Each unknown key with its origin and the nearest known key, in the order of the sources. */
	static List<String> unknownKeys(ConfigurableEnvironment environment, ConfigurationKeys keys) {
		List<String> unknown = new ArrayList<>();
		for (PropertySource<?> source : environment.getPropertySources()) {
			if (source instanceof EnumerablePropertySource<?> enumerable && !ATTACHED.equals(source.getName())) {
				boolean variables = source instanceof SystemEnvironmentPropertySource;
				for (String name : enumerable.getPropertyNames()) {
					String problem = (variables && name.indexOf('.') < 0) ? checkVariable(name, keys)
							: checkKey(name, keys);
					if (problem != null) {
						unknown.add(name + " (" + origin(source, name) + "): " + problem);
					}
				}
			}
		}
		return unknown;
	}

	private static @Nullable String checkKey(String name, ConfigurationKeys keys) {
		ConfigurationPropertyName adapted;
		try {
			adapted = ConfigurationPropertyName.adapt(name, '.');
		}
		catch (RuntimeException ex) {
			return null;
		}
		List<String> written = new ArrayList<>();
		for (int i = 0; i < adapted.getNumberOfElements(); i++) {
			written.add(adapted.getElement(i, ConfigurationPropertyName.Form.ORIGINAL));
		}
		// a name in brackets (a map's user-chosen name, an index) takes the place of a map's name or lies
		// below a list: it is never compared letter by letter
		List<String> uniform = ConfigurationKeys.uniform(written);
		if (uniform.size() >= 3 && uniform.get(0).equals("xxx") && uniform.get(1).equals("common")) {
			return keys.isKnown(uniform, false) ? null
					: "the nearest known key is " + keys.nearest(written.subList(2, written.size()));
		}
		if (uniform.size() >= 2 && uniform.get(0).equals("idgen") && !uniform.get(1).equals("server")) {
			return "idgen's keys are under xxx.common, never idgen.*; the nearest known key is "
					+ keys.nearest(written.subList(1, written.size()));
		}
		return null;
	}

	private static @Nullable String checkVariable(String name, ConfigurationKeys keys) {
		List<String> parts = List.of(name.toLowerCase(Locale.ROOT).split("_+"));
		if (parts.size() < 3 || !parts.get(0).equals("xxx") || !parts.get(1).equals("common")) {
			return null;
		}
		List<String> uniform = ConfigurationKeys.uniform(parts);
		return keys.isKnown(uniform, true) ? null
				: "the nearest known key is " + keys.nearest(parts.subList(2, parts.size()));
	}

	private static String origin(PropertySource<?> source, String name) {
		Origin origin = OriginLookup.getOrigin(source, name);
		return (origin != null) ? origin.toString() : "property source '" + source.getName() + "'";
	}

}
