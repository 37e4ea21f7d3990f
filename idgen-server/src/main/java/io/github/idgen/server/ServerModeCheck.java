package io.github.idgen.server;

import java.net.InetAddress;
import java.util.List;

import io.github.idgen.info.Documentation;
import io.github.idgen.server.security.ConfiguredTokens;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.actuate.autoconfigure.web.server.ManagementPortType;
import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.context.aot.AbstractAotProcessor;
import org.springframework.core.env.Environment;

/**
 * Refuses to start, before any bean is created (no lease taken, no port opened), a server whose
 * configuration would hand out ids unsafely: a service without tokens, a demo bound to a network
 * address, a JDBC lease without a shared database. {@link ListeningSockets} checks the demo's sockets
 * once they are bound.
 */
class ServerModeCheck implements BeanFactoryPostProcessor, EnvironmentAware {

	static final String SERVER_ADDRESS = "server.address";

	static final String MANAGEMENT_ADDRESS = "management.server.address";

	private @Nullable Environment environment;

	@Override
	public void setEnvironment(Environment environment) {
		this.environment = environment;
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		Environment environment = this.environment;
		// AOT processing writes code and serves nothing; the check runs when that code starts the server
		if (environment == null || Boolean.getBoolean(AbstractAotProcessor.AOT_PROCESSING)) {
			return;
		}
		List<IdgenServerProperties.Token> tokens = Binder.get(environment)
			.bind("idgen.server.tokens", Bindable.listOf(IdgenServerProperties.Token.class))
			.orElse(List.of());
		// a bad entry stops the server here, before any lease is taken
		ConfiguredTokens.of(tokens);
		if (ServerMode.of(environment) == ServerMode.DEMO) {
			requireLoopback(environment);
			return;
		}
		if (tokens.isEmpty()) {
			throw new ServerConfigurationException("idgen-server runs as a service ("
					+ String.join(", ", ServerMode.serviceKeysSet(environment))
					+ " set) but idgen.server.tokens is empty: anyone who reaches it could take ids",
					"Configure at least one token: idgen.server.tokens[0].name=<caller> and"
							+ " idgen.server.tokens[0].sha256=<SHA-256 of the token in hex, echo -n \"$TOKEN\" | sha256sum>"
							+ " (see " + Documentation.section("server-security.md", "tokens") + "). Only the demo, with none of "
							+ String.join(", ", ServerMode.SERVICE_KEYS) + " set, runs without tokens.");
		}
		if (environment.getProperty("xxx.common.jdbc-enabled", Boolean.class, false)
				&& !environment.containsProperty("spring.datasource.url")) {
			throw new ServerConfigurationException(
					"xxx.common.jdbc-enabled=true leases worker ids from a database, but spring.datasource.url is not set",
					"Set spring.datasource.url (and its username and password) to the database every idgen-server shares.");
		}
	}

	private static void requireLoopback(Environment environment) {
		requireLoopback(environment, SERVER_ADDRESS);
		// management.server.address counts only where Actuator has a server of its own
		if (ManagementPortType.get(environment) == ManagementPortType.DIFFERENT) {
			requireLoopback(environment, MANAGEMENT_ADDRESS);
		}
	}

	/**
	 * Judges an address as Spring Boot binds it for Tomcat: an empty or blank value is no address at
	 * all, and Tomcat then listens on every interface.
	 */
	private static void requireLoopback(Environment environment, String key) {
		InetAddress address;
		try {
			address = Binder.get(environment).bind(key, InetAddress.class).orElse(null);
		}
		catch (BindException ex) {
			throw demoOffLoopback(key + " is '" + environment.getProperty(key) + "', not a loopback address", key);
		}
		if (address == null) {
			throw demoOffLoopback(key + " is empty, which binds every interface, not a loopback address", key);
		}
		if (!address.isLoopbackAddress()) {
			throw demoOffLoopback(key + " is '" + environment.getProperty(key) + "', not a loopback address", key);
		}
	}

	/**
	 * The refusal of a demo that would listen beyond this machine.
	 * @param problem what listens where, naming the property
	 * @param key the property to change
	 * @return the exception to throw
	 */
	static ServerConfigurationException demoOffLoopback(String problem, String key) {
		return new ServerConfigurationException("idgen-server runs as the demo (none of "
				+ String.join(", ", ServerMode.SERVICE_KEYS) + " set), which has no tokens and keeps segment ids"
				+ " in memory only, but " + problem,
				"Remove " + key + " (or set it to 127.0.0.1) to try the demo on this machine, or configure the server"
						+ " as a service (a database, ZooKeeper, Redis or a worker id, and idgen.server.tokens; see"
						+ " " + Documentation.section("server.md", "the-service") + ").");
	}

}
