package io.github.idgen.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@code java -jar} as an operator runs it, in a working directory with {@code config/application.yml}:
 * Spring Boot reads that file (relative to the working directory, not to the jar), and the start-up
 * line says which of its settings made the server a service, or that it read the file and found none.
 */
class StartupLineIT {

	static final String TOKEN = "startup-it-token-9b1c4e7a2d";

	@Test
	void aServiceSaysItsConfigFileMadeItOne(@TempDir Path directory) throws Exception {
		Path file = config(directory, """
				xxx:
				  common:
				    id-worker-id: 7
				idgen:
				  server:
				    tokens:
				      - name: operator
				        token: %s
				""".formatted(TOKEN));
		try (ServerProcess server = ServerProcess.start("config-dir", List.of(), directory)) {
			server.awaitReady(Duration.ofSeconds(90));
			assertThat(server.log()).contains("idgen-server is serving on all interfaces:" + server.port()
					+ ": fixed mode, worker id 7, datacenter id 0; no segment ids; 1 token(s); service settings:"
					+ " xxx.common.id-worker-id from " + file.toRealPath() + ":3");
			assertThat(Http.get(server.port(), "/v1/ids/next", TOKEN).statusCode()).isEqualTo(200);
		}
	}

	@Test
	void theDemoSaysItReadTheFileAndFoundNoServiceSetting(@TempDir Path directory) throws Exception {
		// a file without a service setting (a log level): it is read, and the server is still the demo
		Path file = config(directory, """
				logging:
				  level:
				    io.github.idgen: INFO
				""");
		try (ServerProcess server = ServerProcess.start("config-dir-demo", List.of(), directory)) {
			server.awaitReady(Duration.ofSeconds(90));
			assertThat(server.log()).contains("idgen-server is running as the DEMO on 127.0.0.1:" + server.port())
				.contains("in config/application.yml under the working directory " + directory.toRealPath() + " (read "
						+ file.toRealPath() + ", which set none of them)");
		}
	}

	@Test
	void aMisspeltKeyStopsTheServerNamingTheKeyItWasMeantToBe(@TempDir Path directory) throws Exception {
		Path file = config(directory, """
				xxx:
				  common:
				    id-worker: 7
				""");
		try (ServerProcess server = ServerProcess.start("config-dir-misspelt", List.of(), directory)) {
			assertThatIllegalStateException().isThrownBy(() -> server.awaitReady(Duration.ofSeconds(90)))
				.withMessageContaining("exited with 1")
				.withMessageContaining("idgen does not know the configuration key xxx.common.id-worker (URL [file:config/"
						+ "application.yml] - 3:16): the nearest known key is xxx.common.id-worker-id.");
			assertThat(file).exists();
		}
	}

	/**
	 * Kubernetes gives every pod variables for each Service of its namespace: for a Service named
	 * idgen-server, {@code IDGEN_SERVER_PORT=tcp://...} and the like, which relaxed binding reads as
	 * {@code idgen.server.port}. Spring Boot leaves environment variables out of the check for unknown
	 * {@code idgen.server.*} keys, and idgen's own check reads only {@code xxx.common} in the
	 * environment, so neither stops the pod.
	 */
	@Test
	void kubernetesServiceVariablesNamedLikeTheServersKeysDoNotStopIt() {
		Map<String, String> service = new LinkedHashMap<>();
		for (String name : List.of("IDGEN_SERVER", "IDGEN")) {
			service.put(name + "_SERVICE_HOST", "10.0.0.7");
			service.put(name + "_SERVICE_PORT", "8080");
			service.put(name + "_PORT", "tcp://10.0.0.7:8080");
			service.put(name + "_PORT_8080_TCP", "tcp://10.0.0.7:8080");
			service.put(name + "_PORT_8080_TCP_ADDR", "10.0.0.7");
		}
		try (ServerProcess server = ServerProcess.start("kubernetes-variables", List.of(), service)) {
			server.awaitReady(Duration.ofSeconds(90));
			assertThat(Http.get(server.port(), "/v1/ids/next").statusCode()).isEqualTo(200);
		}
	}

	@Test
	void aMisspeltKeyOfIdgensInTheEnvironmentStillStopsIt() {
		try (ServerProcess server = ServerProcess.start("environment-misspelt", List.of(),
				Map.of("XXX_COMMON_IDWORKER", "7"))) {
			assertThatIllegalStateException().isThrownBy(() -> server.awaitReady(Duration.ofSeconds(90)))
				.withMessageContaining("exited with 1")
				.withMessageContaining("XXX_COMMON_IDWORKER");
		}
	}

	private static Path config(Path directory, String yaml) throws Exception {
		return Files.writeString(Files.createDirectories(directory.resolve("config")).resolve("application.yml"), yaml);
	}

}
