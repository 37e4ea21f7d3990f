package io.github.idgen.server;

import java.util.Map;

import org.apache.catalina.connector.Connector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Configurations that would serve ids unsafely stop the server before it takes a lease or opens a
 * port, with the property named and the fix given.
 */
@ExtendWith(OutputCaptureExtension.class)
class ServerModeCheckTests {

	@Test
	void aServiceWithoutTokensDoesNotStart(CapturedOutput output) {
		assertStartFails("idgen-server runs as a service (xxx.common.id-worker-id set) but idgen.server.tokens is empty",
				"--xxx.common.id-worker-id=3");
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Configure at least one token: idgen.server.tokens[0].name=<caller>");
	}

	@Test
	void aServiceOnADatabaseWithoutTokensDoesNotStart() {
		assertStartFails("(spring.datasource.url set) but idgen.server.tokens is empty",
				"--spring.datasource.url=jdbc:h2:mem:no-tokens");
	}

	@Test
	void aServiceOnRedisWithoutTokensDoesNotStart() {
		// stopped before anything connects: no Redis runs here
		assertStartFails("(xxx.common.redis-enabled, xxx.common.segment-store=redis set) but idgen.server.tokens is empty",
				"--xxx.common.redis-enabled=true");
		assertStartFails("(xxx.common.segment-store=redis set) but idgen.server.tokens is empty",
				"--xxx.common.segment-store=redis");
	}

	/**
	 * A lease switch counts as the starter binds it: written {@code yes} it leases, so the server is a
	 * service that needs tokens, not a demo on a fixed worker id.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "yes", "on", "1", "TRUE" })
	void aLeaseSwitchWrittenAnyWayTheBinderReadsAsTrueMakesAServiceThatNeedsTokens(String value) {
		assertStartFails("(xxx.common.zookeeper-enabled set) but idgen.server.tokens is empty",
				"--xxx.common.zookeeper-enabled=" + value);
	}

	@Test
	void theDemoOnANetworkAddressDoesNotStart() {
		assertStartFails("but server.address is '0.0.0.0', not a loopback address", "--server.address=0.0.0.0");
	}

	/**
	 * An empty address is no address to Spring Boot, and Tomcat then binds every interface: from the
	 * command line, or a placeholder whose variable is unset.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "--server.address=", "--server.address= ", "--server.address=${IDGEN_UNSET_BIND_ADDRESS:}" })
	void theDemoOnAnEmptyAddressDoesNotStart(String address) {
		assertStartFails("but server.address is empty, which binds every interface, not a loopback address", address);
	}

	@Test
	void theDemoOnAnEmptyAddressFromTheEnvironmentDoesNotStart() {
		// SERVER_ADDRESS= in an environment file
		assertStartFails(StartupLineTests.withEnvironment(Map.of("SERVER_ADDRESS", "")),
				"but server.address is empty, which binds every interface");
	}

	@Test
	void theDemoWithAManagementPortOnEveryInterfaceDoesNotStart() {
		assertStartFails("but management.server.address is empty, which binds every interface",
				"--management.server.port=0", "--management.server.address=");
		assertStartFails("but management.server.address is '0.0.0.0', not a loopback address",
				"--management.server.port=0", "--management.server.address=0.0.0.0");
	}

	@Test
	void theDemoWithAConnectorOnEveryInterfaceDoesNotStart() {
		// the addresses the sockets were bound to have the last word, whatever the settings said
		SpringApplication application = new SpringApplication(IdgenServerApplication.class,
				ConnectorOnEveryInterface.class);
		assertStartFails(application, "but it listens on every interface (port ");
	}

	@Test
	void aJdbcLeaseWithoutADatabaseDoesNotStart() {
		assertStartFails("xxx.common.jdbc-enabled=true leases worker ids from a database, but spring.datasource.url is not set",
				"--xxx.common.jdbc-enabled=true", "--idgen.server.tokens[0].name=a",
				"--idgen.server.tokens[0].token=0123456789abcdef0123");
	}

	@Test
	void aTokenWithBothFormsDoesNotStart() {
		assertStartFails("idgen.server.tokens[0] has both of idgen.server.tokens[0].token and idgen.server.tokens[0].sha256",
				"--xxx.common.id-worker-id=3", "--idgen.server.tokens[0].name=a",
				"--idgen.server.tokens[0].token=0123456789abcdef0123",
				"--idgen.server.tokens[0].sha256=" + "0".repeat(64));
	}

	@Test
	void aRangeBoundBelowItsLeastDoesNotStart(CapturedOutput output) {
		assertStartFails("idgen.server.ranges.calls-per-tag must be at least 1, was 0", "--xxx.common.id-worker-id=3",
				"--idgen.server.tokens[0].name=a", "--idgen.server.tokens[0].token=0123456789abcdef0123",
				"--idgen.server.ranges.calls-per-tag=0");
		assertThat(output).contains("Set it to how many range requests of one tag may be at the segment store at once");
		assertStartFails("idgen.server.ranges.waiting-per-tag must be at least 0, was -1", "--xxx.common.id-worker-id=3",
				"--idgen.server.tokens[0].name=a", "--idgen.server.tokens[0].token=0123456789abcdef0123",
				"--idgen.server.ranges.waiting-per-tag=-1");
	}

	@Test
	void aMisspeltServerKeyDoesNotStart(CapturedOutput output) {
		// "consle": the console would stay on while its operator believes it off
		SpringApplication application = new SpringApplication(IdgenServerApplication.class);
		assertThatException().isThrownBy(() -> application
			.run("--xxx.common.id-worker-id=3", "--idgen.server.tokens[0].name=a",
					"--idgen.server.tokens[0].token=0123456789abcdef0123", "--idgen.server.consle.enabled=false",
					"--server.port=0")
			.close());
		assertThat(output).contains("idgen.server.consle.enabled").contains("were left unbound");
	}

	private static void assertStartFails(String message, String... args) {
		assertStartFails(new SpringApplication(IdgenServerApplication.class), message, args);
	}

	private static void assertStartFails(SpringApplication application, String message, String... args) {
		String[] all = new String[args.length + 1];
		System.arraycopy(args, 0, all, 0, args.length);
		all[args.length] = "--server.port=0";
		assertThatException().isThrownBy(() -> application.run(all).close())
			.satisfies((ex) -> assertThat(rootCause(ex)).isInstanceOf(ServerConfigurationException.class)
				.hasMessageContaining(message));
	}

	private static Throwable rootCause(Throwable ex) {
		Throwable cause = ex;
		while (cause.getCause() != null) {
			cause = cause.getCause();
		}
		return cause;
	}

	/**
	 * A Tomcat connector on every interface beside the one of server.address. Not a
	 * {@code @Configuration}: the application's component scan would find it for every other test.
	 */
	static class ConnectorOnEveryInterface {

		@Bean
		WebServerFactoryCustomizer<TomcatServletWebServerFactory> connectorOnEveryInterface() {
			return (factory) -> {
				Connector connector = new Connector();
				connector.setPort(0);
				factory.addAdditionalConnectors(connector);
			};
		}

	}

}
