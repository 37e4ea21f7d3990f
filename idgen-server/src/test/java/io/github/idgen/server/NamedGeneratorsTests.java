package io.github.idgen.server;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Named generators ({@code xxx.common.generators.<name>.*}) over HTTP: Leaf's key names one, any
 * other key gets the default generator; {@code /v1/generators/{name}} serves and decodes a named one
 * and answers 404 for a name none has. The fixed node id 37 (datacenter 1, worker 5) sits where
 * each layout puts it. Tokens apply as to every Snowflake endpoint.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.id-worker-id=5", "xxx.common.id-data-center-id=1",
				"xxx.common.generators.js.layout=javascript-safe", "xxx.common.generators.wide.layout=custom",
				"xxx.common.generators.wide.datacenter-bits=0", "xxx.common.generators.wide.worker-bits=10",
				"xxx.common.generators.default.layout=javascript-safe",
				"idgen.server.tokens[0].name=all-callers", "idgen.server.tokens[0].token=" + NamedGeneratorsTests.ALL,
				"idgen.server.tokens[0].manage=true",
				"idgen.server.tokens[1].name=orders-only", "idgen.server.tokens[1].token=" + NamedGeneratorsTests.ORDERS,
				"idgen.server.tokens[1].tags=orders" })
class NamedGeneratorsTests {

	static final String ALL = "all-token-0123456789abcdef";

	static final String ORDERS = "orders-token-0123456789abcdef";

	private static final long JAVASCRIPT_SAFE = 1L << 53;

	@LocalServerPort
	private int port;

	@Autowired
	private IdGenerators generators;

	@Test
	void leafsKeyNamesAJavaScriptSafeGenerator() {
		long id = leafId("js", ALL);
		assertThat(id).isPositive().isLessThan(JAVASCRIPT_SAFE);
		assertIssuedNowBy(this.generators.layout("js").decompose(id), 1, 5);
		String decoded = Http.get(this.port, "/v1/generators/js/" + id, ALL).body();
		assertThat((Integer) JsonPath.read(decoded, "$.datacenterId")).isEqualTo(1);
		assertThat((Integer) JsonPath.read(decoded, "$.workerId")).isEqualTo(5);
	}

	@Test
	void eachGeneratorPutsTheNodeIdWhereItsLayoutSays() {
		// no datacenter bits: node id 37 is all worker id
		assertIssuedNowBy(this.generators.layout("wide").decompose(leafId("wide", ALL)), 0, 37);
	}

	@Test
	void anUnknownKeyGetsTheDefaultGenerator() {
		long id = leafId("no-such-generator", ALL);
		assertThat(id).isGreaterThan(JAVASCRIPT_SAFE);
		assertIssuedNowBy(SnowflakeLayout.TWITTER.decompose(id), 1, 5);
		String decoded = Http.get(this.port, "/v1/ids/" + id, ALL).body();
		assertThat((Integer) JsonPath.read(decoded, "$.workerId")).isEqualTo(5);
	}

	@Test
	void tokensApplyAsBefore() {
		assertThat(Http.get(this.port, "/api/snowflake/get/js").statusCode()).isEqualTo(401);
		assertThat(Http.get(this.port, "/api/snowflake/get/js?token=wrong-token-0123456789abcdef").statusCode())
			.isEqualTo(401);
		assertThat(Http.get(this.port, "/v1/generators/js/next").statusCode()).isEqualTo(401);
		// Snowflake ids are open to every valid token, one limited to tags too
		assertThat(leafId("js", ORDERS)).isLessThan(JAVASCRIPT_SAFE);
		assertThat(Long.parseLong(Http.get(this.port, "/api/snowflake/get/js?token=" + ORDERS).body()))
			.isLessThan(JAVASCRIPT_SAFE);
		assertThat(Http.get(this.port, "/v1/generators/js/next", ORDERS).statusCode()).isEqualTo(200);
	}

	@Test
	void v1ServesANamedGeneratorAsTextAndAsJsonStrings() {
		long first = Long.parseLong(Http.get(this.port, "/v1/generators/wide/next", ALL).body());
		List<String> batch = JsonPath.read(Http.get(this.port, "/v1/generators/wide?count=3", ALL).body(), "$");
		assertThat(batch).hasSize(3).allSatisfy((each) -> assertThat(Long.parseLong(each)).isGreaterThan(first));
		assertIssuedNowBy(this.generators.layout("wide").decompose(Long.parseLong(batch.get(2))), 0, 37);
	}

	@Test
	void v1AnswersNotFoundForANameNoneHas() {
		for (String path : new String[] { "/v1/generators/nameless/next", "/v1/generators/nameless?count=2",
				"/v1/generators/nameless/123" }) {
			HttpResponse<String> response = Http.get(this.port, path, ALL);
			assertThat(response.statusCode()).as(path).isEqualTo(404);
			assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
			assertThat((String) JsonPath.read(response.body(), "$.generator")).isEqualTo("nameless");
		}
	}

	@Test
	void metricsNameTheGeneratorUsedNeverTheKeyAskedFor() {
		leafId("js", ALL);
		leafId("made-up-key", ALL);
		Http.get(this.port, "/v1/generators/made-up-name/next", ALL);
		String metrics = Http.get(this.port, "/actuator/prometheus", ALL).body();
		assertThat(metrics)
			.containsPattern("http_server_requests_seconds_count\\{[^}]*idgen_tag=\"js\"[^}]*uri=\"/api/snowflake/get/\\{key\\}\"")
			.containsPattern(
					"http_server_requests_seconds_count\\{[^}]*idgen_tag=\"default\"[^}]*uri=\"/api/snowflake/get/\\{key\\}\"")
			.containsPattern("http_server_requests_seconds_count\\{[^}]*idgen_tag=\"other\"[^}]*status=\"404\"")
			.doesNotContain("made-up");
	}

	@Test
	void aGeneratorNamedDefaultIsToldApartFromTheDefaultGenerator() {
		assertThat(leafId("default", ALL)).isLessThan(JAVASCRIPT_SAFE);
		assertThat(leafId("no-such-generator", ALL)).isGreaterThan(JAVASCRIPT_SAFE);
		String metrics = Http.get(this.port, "/actuator/prometheus", ALL).body();
		String leafSnowflake = "http_server_requests_seconds_count\\{[^}]*idgen_tag=\"%s\"[^}]*uri=\"/api/snowflake/get/\\{key\\}\"\\}";
		assertThat(metrics).containsPattern(leafSnowflake.formatted("_default"))
			.containsPattern(leafSnowflake.formatted("default"));
	}

	private long leafId(String key, String token) {
		HttpResponse<String> response = Http.get(this.port, "/api/snowflake/get/" + key, token);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return Long.parseLong(response.body());
	}

	private static void assertIssuedNowBy(SnowflakeId parts, int datacenterId, int workerId) {
		assertThat(parts.datacenterId()).isEqualTo(datacenterId);
		assertThat(parts.workerId()).isEqualTo(workerId);
		assertThat(parts.timestamp()).isCloseTo(Instant.now(), within(1, ChronoUnit.MINUTES));
	}

}
