package io.github.idgen.server;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.testsupport.GrafanaDashboard;
import io.github.idgen.testsupport.PostgresServer;
import io.github.idgen.testsupport.PrometheusScrape;
import io.github.idgen.testsupport.RedisServer;
import org.apache.curator.test.TestingServer;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * dashboards/idgen.json reads only what idgen-server exposes: the server is started in each mode (the demo on
 * its embedded H2, ZooKeeper on a curator-test server, JDBC on a real PostgreSQL, Redis on a real
 * redis-server), issues Snowflake and segment ids, and every metric and label each query of the dashboard
 * names must be in one of the real {@code /actuator/prometheus} scrapes.
 */
class DashboardMetricsTests {

	static final String TOKEN = "dashboard-token-5c1e9a7b3d2f4e6a";

	/** Labels Prometheus adds to every series it scrapes; no exposition has them. */
	static final Set<String> TARGET_LABELS = Set.of("job", "instance");

	private static final Map<String, PrometheusScrape> scrapes = new LinkedHashMap<>();

	private static @Nullable TestingServer zooKeeper;

	@BeforeAll
	static void scrapeEveryMode() throws Exception {
		zooKeeper = new TestingServer(true);
		PostgresServer postgres = PostgresServer.shared();
		RedisServer redis = RedisServer.shared();
		scrapes.put("demo", scrape(null, List.of()));
		scrapes.put("zookeeper", scrape(TOKEN, List.of("--xxx.common.zookeeper-enabled=true",
				"--xxx.common.zookeeper-addr=" + zooKeeper.getConnectString())));
		scrapes.put("jdbc", scrape(TOKEN, List.of("--spring.datasource.url=" + postgres.jdbcUrl(),
				"--spring.datasource.username=" + postgres.username(), "--xxx.common.jdbc-enabled=true",
				"--xxx.common.jdbc-lease-group=dashboard", "--xxx.common.jdbc-initialize-schema=always",
				"--xxx.common.segment-initialize-schema=always")));
		scrapes.put("redis", scrape(TOKEN, List.of("--spring.data.redis.port=" + redis.port(),
				"--xxx.common.redis-enabled=true", "--xxx.common.redis-lease-group=dashboard",
				"--xxx.common.redis-lease-timeout=1s")));
	}

	@AfterAll
	static void stopZooKeeper() throws Exception {
		if (zooKeeper != null) {
			zooKeeper.close();
		}
	}

	@Test
	void everyMetricAndLabelTheDashboardQueriesIsInTheServersScrapes() throws Exception {
		List<GrafanaDashboard.Query> queries = dashboardQueries();
		assertThat(queries).as("the dashboard's queries").hasSizeGreaterThan(20);
		assertThat(GrafanaDashboard.problems(queries, allModes(), TARGET_LABELS)).isEmpty();
	}

	@Test
	void eachModeExposesItsOwnLeaseMeters() {
		assertThat(scrapes.get("demo").metrics()).containsKey("idgen_segment_ids_left")
			.doesNotContainKey("idgen_lease_valid");
		assertThat(scrapes.get("zookeeper").metrics()).containsKeys("idgen_lease_valid", "idgen_zookeeper_reconnects_total");
		assertThat(scrapes.get("jdbc").metrics()).containsKeys("idgen_lease_valid", "idgen_jdbc_recoveries_total",
				"idgen_segment_ids_left");
		assertThat(scrapes.get("redis").metrics()).containsKeys("idgen_lease_valid", "idgen_redis_reconnects_total",
				"idgen_segment_ids_left");
		// the server's requests carry the tag or generator they asked for
		scrapes.values()
			.forEach((scrape) -> assertThat(scrape.metrics().get("http_server_requests_seconds_bucket"))
				.contains("idgen_tag", "le", "uri", "status", "exception"));
	}

	@Test
	void theCheckFailsForAMetricOrALabelThatNoModeHas() throws Exception {
		List<GrafanaDashboard.Query> queries = new ArrayList<>(dashboardQueries());
		queries.add(new GrafanaDashboard.Query("test", "misspelt metric",
				"sum(rate(idgen_ids_issud_total{job=~\"$job\"}[$__rate_interval]))"));
		queries.add(new GrafanaDashboard.Query("test", "label of another metric",
				"sum by (tag) (rate(idgen_ids_issued_ids_total[5m]))"));
		List<String> problems = GrafanaDashboard.problems(queries, allModes(), TARGET_LABELS);
		assertThat(problems).hasSize(2);
		assertThat(problems.get(0)).startsWith("test / misspelt metric: sum(rate(idgen_ids_issud_total{job=~\"$job\"}"
				+ "[$__rate_interval])): no metric idgen_ids_issud_total in the scrapes (idgen_ids_* there: ");
		assertThat(problems.get(1)).isEqualTo("test / label of another metric: sum by (tag) (rate(idgen_ids_issued_ids_total[5m])):"
				+ " metric idgen_ids_issued_ids_total has no label tag (it has [mode])");
	}

	static List<GrafanaDashboard.Query> dashboardQueries() throws Exception {
		String json = Files.readString(GrafanaDashboard.inRepository("dashboards/idgen.json"));
		return GrafanaDashboard.queries(JsonPath.parse(json).read("$"));
	}

	private static PrometheusScrape allModes() {
		return scrapes.values().stream().reduce(PrometheusScrape::and).orElseThrow();
	}

	/** Starts the server with the arguments, issues ids of each kind it serves, and scrapes it. */
	private static PrometheusScrape scrape(@Nullable String token, List<String> mode) {
		// a named generator, so that its meter (idgen.generator.ids.issued) is in every scrape
		List<String> arguments = new ArrayList<>(List.of("--server.port=0", "--xxx.common.generators.js.layout=javascript-safe"));
		if (token != null) {
			arguments.addAll(List.of("--idgen.server.tokens[0].name=dashboard", "--idgen.server.tokens[0].token=" + token,
					"--idgen.server.tokens[0].manage=true"));
		}
		arguments.addAll(mode);
		try (ConfigurableApplicationContext server = SpringApplication.run(IdgenServerApplication.class,
				arguments.toArray(String[]::new))) {
			int port = ((WebServerApplicationContext) server).getWebServer().getPort();
			for (int i = 0; i < 3; i++) {
				assertThat(Http.get(port, "/v1/ids/next", token).statusCode()).isEqualTo(200);
				assertThat(Http.get(port, "/api/snowflake/get/orders", token).statusCode()).isEqualTo(200);
				assertThat(Http.get(port, "/v1/generators/js/next", token).statusCode()).isEqualTo(200);
			}
			HttpResponse<String> created = Http.send(Http.request(port, "/v1/segments/dashboard", token)
				.header("Content-Type", "application/json")
				.PUT(HttpRequest.BodyPublishers.ofString("{\"step\": 10}"))
				.build());
			if (created.statusCode() != 404) {
				// a mode with a segment store: the tag's meters exist once it served ids
				assertThat(created.statusCode()).as(created.body()).isIn(200, 201);
				for (int i = 0; i < 3; i++) {
					assertThat(Http.get(port, "/v1/segments/dashboard/next", token).statusCode()).isEqualTo(200);
					assertThat(Http.get(port, "/api/segment/get/dashboard", token).statusCode()).isEqualTo(200);
				}
				assertThat(Http.post(port, "/v1/segments/dashboard/ranges?size=5", token).statusCode()).isEqualTo(200);
			}
			HttpResponse<String> scraped = Http.get(port, "/actuator/prometheus", token);
			assertThat(scraped.statusCode()).isEqualTo(200);
			return PrometheusScrape.parse(scraped.body());
		}
	}

}
