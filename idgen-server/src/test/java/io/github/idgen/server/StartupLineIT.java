package io.github.idgen.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

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

	private static Path config(Path directory, String yaml) throws Exception {
		return Files.writeString(Files.createDirectories(directory.resolve("config")).resolve("application.yml"), yaml);
	}

}
