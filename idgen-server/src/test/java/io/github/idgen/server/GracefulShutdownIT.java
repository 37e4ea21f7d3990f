package io.github.idgen.server;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * SIGTERM (systemd's and Kubernetes' stop) lets the request in flight finish, then gives the worker
 * id back at once: the jar as a separate process on PostgreSQL, with a range request held up by a row
 * lock the test holds.
 */
class GracefulShutdownIT {

	static final String TOKEN = "shutdown-token-3e8d1f6a2b9c";

	@RegisterExtension
	static final PostgresServer postgres = new PostgresServer();

	@Test
	void aRequestInFlightFinishesAndTheWorkerIdIsGivenBack() throws Exception {
		try (ServerProcess server = ServerProcess.start("shutdown", List.of("--spring.datasource.url=" + postgres.jdbcUrl(),
				"--spring.datasource.username=" + postgres.username(), "--xxx.common.jdbc-enabled=true",
				"--xxx.common.jdbc-initialize-schema=always", "--xxx.common.segment-initialize-schema=always",
				"--idgen.server.tokens[0].name=test", "--idgen.server.tokens[0].token=" + TOKEN))) {
			server.awaitReady(Duration.ofSeconds(90));
			postgres.execute("INSERT INTO idgen_segment (tag, step) VALUES ('held', 10)");
			assertThat(heldLeases()).isEqualTo(1);
			try (Connection lock = postgres.connect(); Statement statement = lock.createStatement()) {
				lock.setAutoCommit(false);
				statement.executeQuery("SELECT max_id FROM idgen_segment WHERE tag = 'held' FOR UPDATE").close();
				CompletableFuture<HttpResponse<String>> inFlight = CompletableFuture
					.supplyAsync(() -> Http.post(server.port(), "/v1/segments/held/ranges?size=5", TOKEN));
				await().atMost(Duration.ofSeconds(10)).until(GracefulShutdownIT::aSessionWaitsForTheLock);
				server.terminate();
				// the server waits for the request, which waits for the lock
				ServerProcess.sleep(1500);
				assertThat(server.isAlive()).isTrue();
				assertThat(inFlight).isNotDone();
				lock.commit();
				HttpResponse<String> response = inFlight.get();
				assertThat(response.statusCode()).isEqualTo(200);
				assertThat((String) JsonPath.read(response.body(), "$.first")).isEqualTo("1");
				assertThat((String) JsonPath.read(response.body(), "$.last")).isEqualTo("5");
			}
			server.waitFor(Duration.ofSeconds(30));
			assertThat(server.log()).contains("Commencing graceful shutdown").contains("Graceful shutdown complete");
			assertThat(heldLeases()).isZero();
		}
	}

	private static boolean aSessionWaitsForTheLock() throws Exception {
		try (Connection connection = postgres.connect(); Statement statement = connection.createStatement();
				ResultSet row = statement.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'")) {
			row.next();
			return row.getInt(1) > 0;
		}
	}

	private static int heldLeases() throws Exception {
		try (Connection connection = postgres.connect(); Statement statement = connection.createStatement();
				ResultSet row = statement.executeQuery("SELECT count(*) FROM idgen_worker_lease WHERE holder IS NOT NULL")) {
			row.next();
			return row.getInt(1);
		}
	}

}
