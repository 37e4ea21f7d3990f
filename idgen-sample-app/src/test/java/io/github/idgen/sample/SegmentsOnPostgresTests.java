package io.github.idgen.sample;

import java.net.http.HttpResponse;

import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code spring.datasource.url} the sample app keeps its segment tags in that database: here a
 * real PostgreSQL server.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "sample.embedded-zookeeper.port=0")
class SegmentsOnPostgresTests {

	static final PostgresServer postgres = PostgresServer.shared();

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void dataSource(DynamicPropertyRegistry registry) {
		registry.add("spring.datasource.url", postgres::jdbcUrl);
		registry.add("spring.datasource.username", postgres::username);
		registry.add("spring.datasource.password", postgres::password);
	}

	@Test
	void servesTheDemoTagsFromPostgres() throws Exception {
		HttpResponse<String> response = Http.get(this.port, "/segments/coupons/next");
		assertThat(response.statusCode()).isEqualTo(200);
		long id = Long.parseLong(response.body());
		try (var connection = postgres.connect(); var statement = connection.createStatement();
				var row = statement.executeQuery("SELECT max_id, max_limit_id FROM idgen_segment WHERE tag = 'coupons'")) {
			assertThat(row.next()).isTrue();
			assertThat(row.getLong(1)).isGreaterThanOrEqualTo(id);
			assertThat(row.getLong(2)).isEqualTo(4_294_967_295L);
		}
	}

}
