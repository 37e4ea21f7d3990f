package io.github.idgen.server;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The jar started on the Spring AOT code it carries ({@code -Dspring.aot.enabled=true}), generated
 * for a service with a JDBC lease and segment ids from the same database: it serves in that mode,
 * and refuses to start in any other rather than run on beans made for another configuration.
 */
class AotStartIT {

	static final String TOKEN = "aot-it-token-4f8a2c9e1d";

	/** How the JVM takes a system property from the environment: ServerProcess owns the command line. */
	static final Map<String, String> AOT = Map.of("JAVA_TOOL_OPTIONS", "-Dspring.aot.enabled=true");

	@RegisterExtension
	static final PostgresServer postgres = new PostgresServer();

	@Test
	void theAotCodeServesTheServiceItWasGeneratedFor() {
		List<String> arguments = new ArrayList<>(service());
		// set to what its absence decided at build time: the same beans, so no refusal
		arguments.add("--idgen.server.console.enabled=true");
		try (ServerProcess server = ServerProcess.start("aot-service", arguments, AOT)) {
			server.awaitReady(Duration.ofSeconds(90));
			assertThat(server.log()).contains("Starting AOT-processed IdgenServerApplication")
				.contains("idgen-server is serving on all interfaces:" + server.port());
			assertThat(Http.get(server.port(), "/v1/ids/next", TOKEN).statusCode()).isEqualTo(200);
			assertThat(Http.get(server.port(), "/v1/ids/next").statusCode()).isEqualTo(401);
		}
	}

	@Test
	void aFixedWorkerIdOnTheAotCodeOfALeaseIsRefused() {
		List<String> arguments = List.of("--xxx.common.id-worker-id=7", "--idgen.server.tokens[0].name=aot",
				"--idgen.server.tokens[0].token=" + TOKEN);
		assertRefused("aot-fixed", arguments, "the server's mode was service mode, a database (spring.datasource.url),"
				+ " no Redis, management on the server's port when the AOT code was generated and is service mode,"
				+ " no database, no Redis, management on the server's port now");
	}

	@Test
	void theDemoOnTheAotCodeOfAServiceIsRefused() {
		assertRefused("aot-demo", List.of(), "the server's mode was service mode");
	}

	@Test
	void aSwitchThatDecidesOtherwiseThanAtBuildIsRefusedByName() {
		List<String> arguments = new ArrayList<>(service());
		arguments.add("--idgen.server.console.enabled=false");
		assertRefused("aot-console-off", arguments,
				"idgen.server.console.enabled was not set when the AOT code was generated and is off now");
	}

	@Test
	void theServersOwnChecksStillRunOnTheAotCode() {
		List<String> withoutTokens = service().stream().filter((argument) -> !argument.contains("tokens")).toList();
		try (ServerProcess server = ServerProcess.start("aot-no-tokens", withoutTokens, AOT)) {
			assertThat(server.waitFor(Duration.ofSeconds(90))).isEqualTo(1);
			assertThat(server.log()).contains("but idgen.server.tokens is empty").doesNotContain("Tomcat started");
		}
	}

	private static void assertRefused(String name, List<String> arguments, String change) {
		try (ServerProcess server = ServerProcess.start(name, arguments, AOT)) {
			assertThat(server.waitFor(Duration.ofSeconds(90))).isEqualTo(1);
			assertThat(server.log()).contains("APPLICATION FAILED TO START")
				.contains("runs on Spring AOT's generated code (spring.aot.enabled=true)")
				.contains(change)
				.contains("start without -Dspring.aot.enabled=true")
				.doesNotContain("Tomcat started");
		}
	}

	private static List<String> service() {
		return List.of("--spring.datasource.url=" + postgres.jdbcUrl(), "--spring.datasource.username=" + postgres.username(),
				"--xxx.common.jdbc-enabled=true", "--xxx.common.jdbc-initialize-schema=always",
				"--xxx.common.segment-initialize-schema=always", "--idgen.server.tokens[0].name=aot",
				"--idgen.server.tokens[0].token=" + TOKEN);
	}

}
