package io.github.idgen.server;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.OriginTrackedMapPropertySource;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginTrackedResource;
import org.springframework.boot.origin.PropertySourceOrigin;
import org.springframework.boot.origin.SystemEnvironmentOrigin;
import org.springframework.boot.origin.TextResourceOrigin;
import org.springframework.core.env.CommandLinePropertySource;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;

/**
 * Where the settings that decide the server's mode came from, for its start-up line: a user who
 * meant a service and got the demo (a file Spring Boot never read) or the reverse sees why.
 */
final class SettingOrigins {

	private SettingOrigins() {
	}

	/**
	 * Describes where each service key that is set came from, such as
	 * {@code spring.datasource.url from /opt/idgen-server/config/application.yml:7}.
	 * @param environment the application's environment
	 * @return one entry per key; the mode's own defaults are left out
	 */
	static List<String> serviceKeys(ConfigurableEnvironment environment) {
		List<String> described = new ArrayList<>();
		for (String entry : ServerMode.serviceKeysSet(environment)) {
			String key = (entry.indexOf('=') < 0) ? entry : entry.substring(0, entry.indexOf('='));
			ConfigurationProperty property = find(environment, key);
			if (property != null) {
				described.add(key + " from " + describe(property.getOrigin()));
			}
		}
		return described;
	}

	/**
	 * Lists the configuration files outside the jar that Spring Boot read.
	 * @param environment the application's environment
	 * @return their paths, in the order of precedence
	 */
	static Set<String> configFiles(ConfigurableEnvironment environment) {
		Set<String> files = new LinkedHashSet<>();
		for (PropertySource<?> source : environment.getPropertySources()) {
			if (source instanceof OriginTrackedMapPropertySource file && file.getPropertyNames().length > 0
					&& file.getOrigin(file.getPropertyNames()[0]) instanceof TextResourceOrigin text
					&& !(unwrapped(text.getResource()) instanceof ClassPathResource)) {
				files.add(path(text.getResource()));
			}
		}
		return files;
	}

	private static @Nullable ConfigurationProperty find(ConfigurableEnvironment environment, String key) {
		ConfigurationPropertyName name = ConfigurationPropertyName.of(key);
		for (ConfigurationPropertySource source : ConfigurationPropertySources.get(environment)) {
			if (source.getUnderlyingSource() instanceof PropertySource<?> propertySource
					&& ServerModeEnvironmentPostProcessor.PROPERTY_SOURCE.equals(propertySource.getName())) {
				continue;
			}
			ConfigurationProperty property = source.getConfigurationProperty(name);
			if (property != null) {
				return property;
			}
		}
		return null;
	}

	private static String describe(@Nullable Origin origin) {
		Origin inner = (origin instanceof PropertySourceOrigin wrapped && wrapped.getOrigin() != null)
				? wrapped.getOrigin() : origin;
		if (inner instanceof TextResourceOrigin text) {
			return path(text.getResource()) + ((text.getLocation() != null) ? ":" + (text.getLocation().getLine() + 1) : "");
		}
		if (inner instanceof SystemEnvironmentOrigin variable) {
			return "environment variable " + variable.getProperty();
		}
		if (origin instanceof PropertySourceOrigin source) {
			return describe(source.getPropertySource());
		}
		return String.valueOf(origin);
	}

	private static String describe(PropertySource<?> source) {
		if (source instanceof CommandLinePropertySource<?>) {
			return "the command line";
		}
		if (StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME.equals(source.getName())) {
			return "a system property (-D)";
		}
		return "property source '" + source.getName() + "'";
	}

	private static Resource unwrapped(Resource resource) {
		return (resource instanceof OriginTrackedResource tracked) ? tracked.getResource() : resource;
	}

	private static String path(Resource resource) {
		if (resource.isFile()) {
			try {
				return resource.getFile().toPath().toAbsolutePath().normalize().toString();
			}
			catch (IOException ex) {
				// described below
			}
		}
		return resource.getDescription();
	}

}
