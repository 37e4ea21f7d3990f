package io.github.idgen.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A client written for Meituan Leaf's API (a plain GET, {@code Long.parseLong} of the body, anything
 * but 200 an error) works against the server unchanged but for its URL and token; an unknown tag, a
 * bad token and an unavailable store each give their status. On a real PostgreSQL server, crashed
 * under the running server by the last test.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.id-worker-id=7", "idgen.server.tokens[0].name=leaf-client",
				"idgen.server.tokens[0].token=" + LeafCompatibilityTests.TOKEN,
				"xxx.common.segment-initialize-schema=always", "xxx.common.segment-wait-timeout=1s",
				"xxx.common.segment-allocation-timeout=1s", "spring.datasource.hikari.connection-timeout=500" })
class LeafCompatibilityTests {

	static final String TOKEN = "leaf-token-5c9e2a7b1d3f4e6a";

	@RegisterExtension
	static final PostgresServer postgres = new PostgresServer();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void dataSource(DynamicPropertyRegistry registry) {
		registry.add("spring.datasource.url", postgres::jdbcUrl);
		registry.add("spring.datasource.username", postgres::username);
	}

	@BeforeAll
	static void leafTags() {
		postgres.execute("CREATE TABLE IF NOT EXISTS idgen_segment (tag VARCHAR(128) NOT NULL PRIMARY KEY,"
				+ " max_id BIGINT NOT NULL DEFAULT 0, step INTEGER NOT NULL,"
				+ " max_limit_id BIGINT NOT NULL DEFAULT 9223372036854775807, version BIGINT NOT NULL DEFAULT 0,"
				+ " description VARCHAR(256), update_time TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)",
				"INSERT INTO idgen_segment (tag, step) VALUES ('leaf-orders', 100), ('leaf-later', 100)");
	}

	@Test
	void aLeafClientGetsIdsUnchanged() throws IOException {
		Set<Long> snowflakeIds = new HashSet<>();
		List<Long> segmentIds = new ArrayList<>();
		for (int i = 0; i < 250; i++) {
			segmentIds.add(leafGet(url("/api/segment/get/leaf-orders?token=" + TOKEN)));
			assertThat(snowflakeIds.add(leafGet(url("/api/snowflake/get/leaf-orders?token=" + TOKEN)))).isTrue();
		}
		assertThat(segmentIds).isSorted().doesNotHaveDuplicates().startsWith(1L, 2L, 3L);
	}

	@Test
	void anUnknownTagIsNotFound() {
		assertThatExceptionOfType(IOException.class)
			.isThrownBy(() -> leafGet(url("/api/segment/get/no-such-tag?token=" + TOKEN)))
			.withMessage("Leaf answered 404");
	}

	@Test
	void aBadTokenIsUnauthorized() {
		assertThatExceptionOfType(IOException.class)
			.isThrownBy(() -> leafGet(url("/api/snowflake/get/any?token=not-the-token-12345678")))
			.withMessage("Leaf answered 401");
		assertThatExceptionOfType(IOException.class).isThrownBy(() -> leafGet(url("/api/segment/get/leaf-orders")))
			.withMessage("Leaf answered 401");
	}

	@Test
	@Order(Integer.MAX_VALUE)
	void anUnavailableStoreIsServiceUnavailableThenServesAgain() throws IOException {
		postgres.crash();
		try {
			HttpResponse<String> response = Http.get(this.port, "/api/segment/get/leaf-later?token=" + TOKEN);
			assertThat(response.statusCode()).isEqualTo(503);
			assertThat(response.headers().firstValue("Retry-After")).hasValueSatisfying((seconds) -> assertThat(seconds).matches("[1-9][0-9]*"));
			assertThatExceptionOfType(IOException.class)
				.isThrownBy(() -> leafGet(url("/api/segment/get/leaf-later?token=" + TOKEN)))
				.withMessage("Leaf answered 503");
			// no database needed
			assertThat(leafGet(url("/api/snowflake/get/any?token=" + TOKEN))).isPositive();
		}
		finally {
			postgres.start();
		}
		await().atMost(Duration.ofSeconds(20))
			.ignoreExceptions()
			.until(() -> leafGet(url("/api/segment/get/leaf-later?token=" + TOKEN)) > 0);
	}

	private String url(String path) {
		return "http://127.0.0.1:" + this.port + path;
	}

	/** What a Leaf client does with an answer: 200 and a decimal number, or an error. */
	private static long leafGet(String url) throws IOException {
		HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
		try {
			if (connection.getResponseCode() != 200) {
				throw new IOException("Leaf answered " + connection.getResponseCode());
			}
			try (InputStream body = connection.getInputStream()) {
				return Long.parseLong(new String(body.readAllBytes(), StandardCharsets.UTF_8));
			}
		}
		finally {
			connection.disconnect();
		}
	}

}
