package io.github.idgen.server;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertySource;

/**
 * Adds the defaults of the server's mode, below every setting of the user's:
 * <ul>
 * <li>demo: segment ids on (the embedded H2 that Spring Boot starts, with the table and three demo
 * tags), loopback only, health details for everyone;</li>
 * <li>service: health details for callers with a token only; segment ids on when a database is
 * configured ({@code spring.datasource.url}); without one, no embedded database is started at all,
 * so that no server ever takes ids or leases from a database of its own.</li>
 * </ul>
 * The defaults are worked out when they are read, so that settings added after this processor ran
 * (a test's dynamic properties, a config server's) count too.
 */
class ServerModeEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	static final String PROPERTY_SOURCE = "idgenServerModeDefaults";

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		environment.getPropertySources().addLast(new ModeDefaults(environment));
	}

	/** The defaults, read from the rest of the environment on every lookup. */
	static final class ModeDefaults extends PropertySource<Object> {

		private static final String DATA_SOURCE_AUTO_CONFIGURATION = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration";

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
				case "xxx.common.segment-enabled" -> Boolean.toString(demo() || database());
				case "server.address" -> demo() ? "127.0.0.1" : null;
				// only with a port of its own: Spring Boot refuses an address without one
				case "management.server.address" ->
					(demo() && this.environment.containsProperty("management.server.port")) ? "127.0.0.1" : null;
				// probes see the status only; callers with a token the lease and the tags
				case "management.endpoint.health.show-details" -> demo() ? "always" : "when-authorized";
				case "spring.autoconfigure.exclude" -> (demo() || database()) ? null : DATA_SOURCE_AUTO_CONFIGURATION;
				default -> null;
			};
		}

		private boolean demo() {
			return ServerMode.of(this.environment) == ServerMode.DEMO;
		}

		private boolean database() {
			return this.environment.containsProperty("spring.datasource.url");
		}

	}

}
