package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.testsupport.GrafanaDashboard;
import io.github.idgen.testsupport.PrometheusScrape;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * dashboards/idgen.json reads only what an application with the starter exposes: the sample app is started
 * in each lease mode (ZooKeeper on its embedded server, JDBC on its embedded H2, Redis on a real
 * redis-server), issues Snowflake and segment ids, and every metric and label the dashboard's queries name
 * must be in one of its real {@code /actuator/prometheus} scrapes; all but those of the row about
 * idgen-server's own requests, which idgen-server's DashboardMetricsTests checks.
 */
class DashboardMetricsTests {

	/** The dashboard's row of idgen-server's HTTP meters ({@code idgen_tag}, histograms). */
	static final String SERVER_ROW = "idgen-server";

	static final Set<String> TARGET_LABELS = Set.of("job", "instance");

	private static final Map<String, PrometheusScrape> scrapes = new LinkedHashMap<>();

	@BeforeAll
	static void scrapeEveryMode() {
		scrapes.put("cluster", scrape(List.of("--sample.embedded-zookeeper.port=0")));
		scrapes.put("jdbc", scrape(List.of("--xxx.common.jdbc-enabled=true", "--xxx.common.zookeeper-enabled=false")));
		// a lease group of its own: a worker id it gives back carries its high-water mark, which would hold
		// the next test's instance of the shared redis-server out of service until the clock passes it
		scrapes.put("redis", scrape(List.of("--xxx.common.redis-enabled=true", "--xxx.common.segment-store=redis",
				"--xxx.common.redis-lease-group=dashboard", "--xxx.common.redis-lease-timeout=1s",
				"--spring.data.redis.port=" + RedisServer.shared().port())));
	}

	@Test
	void everyMetricAndLabelTheDashboardQueriesOutsideTheServerRowIsInTheScrapes() throws Exception {
		List<GrafanaDashboard.Query> queries = queries();
		assertThat(queries).extracting(GrafanaDashboard.Query::row)
			.contains(SERVER_ROW, GrafanaDashboard.VARIABLES, "Lease", "Segment tags");
		List<GrafanaDashboard.Query> checked = queries.stream().filter((query) -> !query.row().equals(SERVER_ROW)).toList();
		assertThat(checked).hasSizeGreaterThan(20);
		assertThat(GrafanaDashboard.problems(checked, allModes(), TARGET_LABELS)).isEmpty();
	}

	@Test
	void eachModeExposesItsStoresOwnCounter() {
		assertThat(scrapes.get("cluster").metrics()).containsKey("idgen_zookeeper_reconnects_total");
		assertThat(scrapes.get("jdbc").metrics()).containsKey("idgen_jdbc_recoveries_total");
		assertThat(scrapes.get("redis").metrics()).containsKey("idgen_redis_reconnects_total");
		scrapes.values().forEach((scrape) -> assertThat(scrape.metrics()).containsKeys("idgen_lease_valid",
				"idgen_segment_ids_left"));
	}

	@Test
	void theServerRowNamesWhatOnlyTheServerHas() throws Exception {
		List<GrafanaDashboard.Query> server = queries().stream().filter((query) -> query.row().equals(SERVER_ROW)).toList();
		assertThat(GrafanaDashboard.problems(server, allModes(), TARGET_LABELS))
			.anySatisfy((problem) -> assertThat(problem).contains("has no label idgen_tag"));
	}

	private static List<GrafanaDashboard.Query> queries() throws Exception {
		String json = Files.readString(GrafanaDashboard.inRepository("dashboards/idgen.json"));
		return GrafanaDashboard.queries(JsonPath.parse(json).read("$"));
	}

	private static PrometheusScrape allModes() {
		return scrapes.values().stream().reduce(PrometheusScrape::and).orElseThrow();
	}

	private static PrometheusScrape scrape(List<String> mode) {
		List<String> arguments = new ArrayList<>(List.of("--server.port=0"));
		arguments.addAll(mode);
		try (ConfigurableApplicationContext app = SpringApplication.run(SampleApplication.class,
				arguments.toArray(String[]::new))) {
			int port = ((WebServerApplicationContext) app).getWebServer().getPort();
			for (int i = 0; i < 3; i++) {
				assertThat(Http.get(port, "/ids/next").statusCode()).isEqualTo(200);
				// js: a named generator of the sample app's configuration
				assertThat(Http.get(port, "/generators/js/next").statusCode()).isEqualTo(200);
				// orders: a demo tag, created at start-up in the table or in Redis
				assertThat(Http.get(port, "/segments/orders/next").statusCode()).isEqualTo(200);
			}
			HttpResponse<String> scraped = Http.get(port, "/actuator/prometheus");
			assertThat(scraped.statusCode()).isEqualTo(200);
			return PrometheusScrape.parse(scraped.body());
		}
	}

}
