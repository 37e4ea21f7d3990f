package io.github.idgen.server;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

import io.github.idgen.testsupport.PostgresServer;
import org.assertj.core.api.SoftAssertions;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One tag stalled on PostgreSQL (its row locked by another session) and loaded with range requests
 * from a token limited to it: the server keeps at most {@code idgen.server.ranges.calls-per-tag} of them
 * at the database, lets a few more wait in memory for the segment wait timeout and answers the rest 503
 * with {@code Retry-After} at once, so that other tags' ranges and a new tag's first id still find a
 * connection in the pool, and the JDBC lease, on a pool of its own, keeps renewing: Snowflake ids and
 * readiness stay up throughout. The bounds asserted are the server's own: a request for another tag
 * answered within the pool's connection timeout, stalled requests within the segment wait timeout
 * unless they were among those at the database.
 */
class StalledTagIT {

	static final String ALL = "stalled-all-token-0123456789";

	static final String LOCKED_ONLY = "stalled-one-tag-token-0123456789";

	private static final int STALLED_REQUESTS = 30;

	private static final int CALLS_PER_TAG = 2;

	private static final Duration WAIT_TIMEOUT = Duration.ofSeconds(1);

	/** The pool's wait for a connection: a request that had to wait for one would take this long at least. */
	private static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(2);

	@RegisterExtension
	static final PostgresServer postgres = new PostgresServer();

	@Test
	void aStalledTagLeavesOtherTagsSnowflakeIdsAndReadinessAlone() throws Exception {
		List<String> arguments = List.of("--spring.datasource.url=" + postgres.jdbcUrl(),
				"--spring.datasource.username=" + postgres.username(), "--spring.datasource.hikari.maximum-pool-size=6",
				"--spring.datasource.hikari.connection-timeout=" + CONNECTION_TIMEOUT.toMillis(),
				"--xxx.common.jdbc-enabled=true", "--xxx.common.jdbc-initialize-schema=always",
				"--xxx.common.jdbc-lease-timeout=3s", "--xxx.common.segment-initialize-schema=always",
				"--xxx.common.segment-allocation-timeout=10s", "--xxx.common.segment-wait-timeout=" + WAIT_TIMEOUT.toMillis() + "ms",
				"--idgen.server.ranges.calls-per-tag=" + CALLS_PER_TAG, "--idgen.server.tokens[0].name=all",
				"--idgen.server.tokens[0].token=" + ALL, "--idgen.server.tokens[1].name=locked-only",
				"--idgen.server.tokens[1].token=" + LOCKED_ONLY, "--idgen.server.tokens[1].tags=locked");
		SoftAssertions softly = new SoftAssertions();
		ExecutorService load = Executors.newFixedThreadPool(STALLED_REQUESTS);
		try (ServerProcess server = ServerProcess.start("stalled-tag", arguments)) {
			server.awaitReady(Duration.ofSeconds(120));
			postgres.execute("INSERT INTO idgen_segment (tag, step) VALUES ('locked', 100), ('free', 100), ('fresh', 100)");
			List<Future<Timed>> stalled = new ArrayList<>();
			try (Connection lock = postgres.connect(); Statement statement = lock.createStatement()) {
				lock.setAutoCommit(false);
				statement.executeQuery("SELECT * FROM idgen_segment WHERE tag = 'locked' FOR UPDATE").close();
				for (int i = 0; i < STALLED_REQUESTS; i++) {
					stalled.add(load.submit(() -> Timed.of(() -> post(server, "/v1/segments/locked/ranges?size=10", LOCKED_ONLY))));
				}
				// the stalled requests are at the server; for two lease timeouts, the rest of the server answers
				ServerProcess.sleep(1_500);
				Timed free = Timed.of(() -> post(server, "/v1/segments/free/ranges?size=10", ALL));
				softly.assertThat(free.status()).as("another tag's range").isEqualTo(200);
				softly.assertThat(free.took()).as("another tag's range").isLessThan(CONNECTION_TIMEOUT);
				Timed fresh = Timed.of(() -> get(server, "/v1/segments/fresh/next", ALL));
				softly.assertThat(fresh.status()).as("a new tag's first id").isEqualTo(200);
				softly.assertThat(fresh.took()).as("a new tag's first id").isLessThan(CONNECTION_TIMEOUT);
				long until = System.nanoTime() + Duration.ofSeconds(6).toNanos();
				while (System.nanoTime() - until < 0) {
					softly.assertThat(get(server, "/v1/ids/next", ALL).statusCode()).as("a Snowflake id").isEqualTo(200);
					softly.assertThat(get(server, "/actuator/health/readiness", null).statusCode()).as("readiness")
						.isEqualTo(200);
					ServerProcess.sleep(250);
				}
				Timed again = Timed.of(() -> post(server, "/v1/segments/free/ranges?size=10", ALL));
				softly.assertThat(again.status()).as("another tag's range, later").isEqualTo(200);
				softly.assertThat(again.took()).as("another tag's range, later").isLessThan(CONNECTION_TIMEOUT);
				lock.rollback();
			}
			int atTheDatabase = 0;
			for (Future<Timed> request : stalled) {
				Timed answer = request.get();
				softly.assertThat(answer.status()).as("a stalled tag's range").isIn(200, 503);
				if (answer.status() == 503) {
					softly.assertThat(answer.retryAfter()).as("a 503's Retry-After").isNotNull();
				}
				if (answer.took().compareTo(WAIT_TIMEOUT.plusSeconds(2)) > 0) {
					atTheDatabase++;
				}
			}
			softly.assertThat(atTheDatabase).as("stalled requests that waited longer than the wait timeout")
				.isLessThanOrEqualTo(CALLS_PER_TAG);
			assertThat(post(server, "/v1/segments/locked/ranges?size=10", LOCKED_ONLY).statusCode())
				.as("the tag once its row is free").isEqualTo(200);
		}
		finally {
			load.shutdownNow();
		}
		softly.assertAll();
	}

	private static HttpResponse<String> post(ServerProcess server, String path, String token) {
		return Http.send(Http.request(server.port(), path, token)
			.timeout(Duration.ofSeconds(30))
			.POST(HttpRequest.BodyPublishers.noBody())
			.build());
	}

	private static HttpResponse<String> get(ServerProcess server, String path, String token) {
		return Http.send(Http.request(server.port(), path, token).timeout(Duration.ofSeconds(30)).GET().build());
	}

	/** An answer and how long it took. */
	private record Timed(int status, @Nullable String retryAfter, Duration took) {

		static Timed of(Supplier<HttpResponse<String>> request) {
			long start = System.nanoTime();
			HttpResponse<String> response = request.get();
			return new Timed(response.statusCode(), response.headers().firstValue("Retry-After").orElse(null),
					Duration.ofNanos(System.nanoTime() - start));
		}

	}

}
