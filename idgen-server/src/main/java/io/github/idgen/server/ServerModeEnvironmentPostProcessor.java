package io.github.idgen.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.env.PropertiesPropertySourceLoader;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

/**
 * Adds the server's own defaults ({@value #SERVER_DEFAULTS}: not an application.properties, so that
 * {@code --spring.config.location} cannot leave them out), and below them those of the server's
 * mode, all below every setting of the user's:
 * <ul>
 * <li>demo: segment ids on (the embedded H2 that Spring Boot starts, with the table and three demo
 * tags), loopback only, health details for everyone;</li>
 * <li>service: health details for tokens allowed to manage only (for everyone on a management port
 * of its own); segment ids on when a database is configured ({@code spring.datasource.url}) or Redis
 * is their store; without a database, no embedded database is started at all, so that no server
 * ever takes ids or leases from a database of its own;</li>
 * <li>Redis mode ({@code xxx.common.redis-enabled=true}): segment ids from Redis too
 * ({@code xxx.common.segment-store=redis}) unless a store is chosen;</li>
 * <li>every mode that uses no Redis: none of Spring Boot's Redis auto-configuration, so that no
 * connection factory and no Redis health indicator look for a server nobody runs.</li>
 * </ul>
 * The defaults are worked out when they are read, so that settings added after this processor ran
 * (a test's dynamic properties, a config server's) count too.
 */
class ServerModeEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	static final String PROPERTY_SOURCE = "idgenServerModeDefaults";

	/** The server's own defaults, read whatever spring.config.location says. */
	static final String SERVER_DEFAULTS = "idgen-server-defaults.properties";

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		for (PropertySource<?> defaults : serverDefaults()) {
			environment.getPropertySources().addLast(defaults);
		}
		environment.getPropertySources().addLast(new ModeDefaults(environment));
	}

	private static List<PropertySource<?>> serverDefaults() {
		try {
			return new PropertiesPropertySourceLoader().load("idgen-server defaults", new ClassPathResource(SERVER_DEFAULTS));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("The jar's " + SERVER_DEFAULTS + " cannot be read", ex);
		}
	}

	/**
	 * Returns whether a key has its value from the mode's defaults: set nowhere else.
	 * @param environment the application's environment
	 * @param key the key, in its canonical form
	 * @return whether no property source above the defaults has it, in any of its relaxed forms
	 */
	static boolean isModeDefault(ConfigurableEnvironment environment, String key) {
		ConfigurationPropertyName name = ConfigurationPropertyName.of(key);
		for (PropertySource<?> source : environment.getPropertySources()) {
			if (ConfigurationPropertySources.isAttachedConfigurationPropertySource(source)) {
				continue;
			}
			ConfigurationPropertySource properties = ConfigurationPropertySource.from(source);
			if (properties != null && properties.getConfigurationProperty(name) != null) {
				return PROPERTY_SOURCE.equals(source.getName());
			}
		}
		return false;
	}

	/** The defaults, read from the rest of the environment on every lookup. */
	static final class ModeDefaults extends PropertySource<Object> {

		private static final String DATA_SOURCE_AUTO_CONFIGURATION = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration";

		/** Spring Boot's Redis connection, its template and repositories; the health indicators need them. */
		private static final List<String> REDIS_AUTO_CONFIGURATIONS = Stream
			.of("DataRedisAutoConfiguration", "DataRedisReactiveAutoConfiguration", "DataRedisRepositoriesAutoConfiguration")
			.map("org.springframework.boot.data.redis.autoconfigure."::concat)
			.toList();

		/**
		 * Not the source object: Spring Boot's binder expands a source that is an environment into its
		 * property sources, this one among them, without end.
		 */
		private final ConfigurableEnvironment environment;

		ModeDefaults(ConfigurableEnvironment environment) {
			super(PROPERTY_SOURCE);
			this.environment = environment;
		}

		@Override
		public @Nullable Object getProperty(String name) {
			return switch (name) {
				// before demo(): the mode reads this key
				case "xxx.common.segment-store" -> redisMode() ? "redis" : null;
				case "xxx.common.segment-enabled" -> Boolean.toString(demo() || database() || redisSegments());
				case "server.address" -> demo() ? "127.0.0.1" : null;
				// only with a port of its own: Spring Boot refuses an address without one
				case "management.server.address" ->
					(demo() && this.environment.containsProperty("management.server.port")) ? "127.0.0.1" : null;
				// probes see the status only; tokens allowed to manage (or the management port) the lease and tags
				case "management.endpoint.health.show-details" -> (demo() || managementPort()) ? "always"
						: "when-authorized";
				case "spring.autoconfigure.exclude" -> excludedAutoConfigurations();
				default -> null;
			};
		}

		/**
		 * Describes what these defaults decide that Spring AOT freezes at build time: the mode, and
		 * which of Spring Boot's auto-configurations run.
		 * @return the decisions, in words, equal for environments that decide alike
		 */
		String decisions() {
			return ServerMode.of(this.environment).name().toLowerCase(Locale.ROOT) + " mode, "
					+ (database() ? "a database (spring.datasource.url)" : "no database") + ", "
					+ ((redisMode() || redisSegments()) ? "Redis" : "no Redis") + ", management on "
					+ (managementPort() ? "a port of its own" : "the server's port");
		}

		private @Nullable String excludedAutoConfigurations() {
			List<String> excluded = new ArrayList<>();
			if (!demo() && !database()) {
				excluded.add(DATA_SOURCE_AUTO_CONFIGURATION);
			}
			if (!redisMode() && !redisSegments()) {
				excluded.addAll(REDIS_AUTO_CONFIGURATIONS);
			}
			return excluded.isEmpty() ? null : String.join(",", excluded);
		}

		private boolean demo() {
			return ServerMode.of(this.environment) == ServerMode.DEMO;
		}

		private boolean managementPort() {
			return ManagementPortType.get(this.environment) == ManagementPortType.DIFFERENT;
		}

		private boolean database() {
			return this.environment.containsProperty("spring.datasource.url");
		}

		private boolean redisMode() {
			return this.environment.getProperty("xxx.common.redis-enabled", Boolean.class, false);
		}

		private boolean redisSegments() {
			return "redis".equalsIgnoreCase(this.environment.getProperty("xxx.common.segment-store", "").trim());
		}

	}

}
