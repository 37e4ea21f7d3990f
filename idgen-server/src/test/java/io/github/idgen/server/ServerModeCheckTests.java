package io.github.idgen.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

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

	@Test
	void theDemoOnANetworkAddressDoesNotStart() {
		assertStartFails("but server.address is '0.0.0.0', not a loopback address", "--server.address=0.0.0.0");
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

	private static void assertStartFails(String message, String... args) {
		String[] all = new String[args.length + 1];
		System.arraycopy(args, 0, all, 0, args.length);
		all[args.length] = "--server.port=0";
		assertThatException().isThrownBy(() -> SpringApplication.run(IdgenServerApplication.class, all).close())
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

}
