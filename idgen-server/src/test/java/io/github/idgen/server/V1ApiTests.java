package io.github.idgen.server;

import java.net.http.HttpResponse;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code /v1} API and Leaf's endpoints over HTTP, on the demo's defaults (the same context as
 * {@link DemoModeTests}): answers, parameters, problem details, metrics per endpoint and tag, and the
 * OpenAPI document.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class V1ApiTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Autowired
	private BuildProperties build;

	@BeforeEach
	void tags() {
		this.jdbc.update("MERGE INTO idgen_segment (tag, step, max_limit_id) KEY (tag) VALUES ('small', 1000, 10)");
		this.jdbc.update("MERGE INTO idgen_segment (tag, step) KEY (tag) VALUES ('ranges', 1000)");
	}

	@Test
	void idsComeAsTextAsJsonStringsAndDecoded() {
		HttpResponse<String> next = Http.get(this.port, "/v1/ids/next");
		assertThat(next.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(next)).startsWith("text/plain");
		long id = Long.parseLong(next.body());
		List<String> batch = JsonPath.read(Http.get(this.port, "/v1/ids?count=3").body(), "$");
		assertThat(batch).hasSize(3).allSatisfy((each) -> assertThat(Long.parseLong(each)).isGreaterThan(id));
		HttpResponse<String> decoded = Http.get(this.port, "/v1/ids/" + id);
		assertThat((String) JsonPath.read(decoded.body(), "$.id")).isEqualTo(Long.toString(id));
		assertThat((Integer) JsonPath.read(decoded.body(), "$.workerId")).isZero();
	}

	@ParameterizedTest
	@ValueSource(strings = { "/v1/ids?count=0", "/v1/ids?count=10001", "/v1/ids?count=x", "/v1/ids",
			"/v1/segments/orders?count=0", "/v1/ids/-1" })
	void badParametersAreBadRequests(String path) {
		HttpResponse<String> response = Http.get(this.port, path);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
	}

	@Test
	void segmentIdsComeAsTextAndAsJsonStrings() {
		long first = Long.parseLong(Http.get(this.port, "/v1/segments/users/next").body());
		List<String> batch = JsonPath.read(Http.get(this.port, "/v1/segments/users?count=3").body(), "$");
		assertThat(batch).containsExactly(Long.toString(first + 1), Long.toString(first + 2), Long.toString(first + 3));
	}

	@Test
	void aRangeHasExactlyTheSizeAskedFor() {
		HttpResponse<String> response = Http.post(this.port, "/v1/segments/ranges/ranges?size=7", null);
		assertThat(response.statusCode()).isEqualTo(200);
		String body = response.body();
		long first = Long.parseLong(JsonPath.read(body, "$.first"));
		assertThat(Long.parseLong(JsonPath.read(body, "$.last"))).isEqualTo(first + 6);
		assertThat((String) JsonPath.read(body, "$.tag")).isEqualTo("ranges");
		assertThat((Integer) JsonPath.read(body, "$.rowStep")).isEqualTo(1000);
		assertThat((String) JsonPath.read(body, "$.maxLimitId")).isEqualTo(Long.toString(Long.MAX_VALUE));
		// a step asks for at least the row's step
		String stepped = Http.post(this.port, "/v1/segments/ranges/ranges?step=5", null).body();
		assertThat(Long.parseLong(JsonPath.read(stepped, "$.last")) - Long.parseLong(JsonPath.read(stepped, "$.first")))
			.isEqualTo(999);
	}

	/**
	 * A step asks for at least that many ids, but one request takes at most 100,000 from a tag: a tag
	 * sized for an unsigned 32-bit column lasts 42,950 requests, not two.
	 */
	@Test
	void oneRequestTakesAtMostAHundredThousandIds() {
		this.jdbc.update("MERGE INTO idgen_segment (tag, step, max_limit_id) KEY (tag) VALUES ('u32', 100, 4294967295)");
		for (String step : new String[] { "2147483647", "100001" }) {
			String range = Http.post(this.port, "/v1/segments/u32/ranges?step=" + step, null).body();
			assertThat(Long.parseLong(JsonPath.read(range, "$.last")) - Long.parseLong(JsonPath.read(range, "$.first")) + 1)
				.as(range)
				.isEqualTo(100_000);
		}
		// the tag's own step, set by its operator, still counts when it is larger
		this.jdbc.update("MERGE INTO idgen_segment (tag, step) KEY (tag) VALUES ('wide', 250000)");
		String wide = Http.post(this.port, "/v1/segments/wide/ranges?step=2147483647", null).body();
		assertThat(Long.parseLong(JsonPath.read(wide, "$.last")) - Long.parseLong(JsonPath.read(wide, "$.first")) + 1)
			.isEqualTo(250_000);
	}

	@Test
	void theLastRangeIsCutAtTheLimitThenTheTagIsExhausted() {
		this.jdbc.update("UPDATE idgen_segment SET max_id = 0 WHERE tag = 'small'");
		String cut = Http.post(this.port, "/v1/segments/small/ranges?size=25", null).body();
		assertThat((String) JsonPath.read(cut, "$.first")).isEqualTo("1");
		assertThat((String) JsonPath.read(cut, "$.last")).isEqualTo("10");
		HttpResponse<String> exhausted = Http.post(this.port, "/v1/segments/small/ranges?size=1", null);
		assertThat(exhausted.statusCode()).isEqualTo(409);
		assertThat(Http.contentType(exhausted)).isEqualTo("application/problem+json");
		assertThat((String) JsonPath.read(exhausted.body(), "$.maxLimitId")).isEqualTo("10");
	}

	@ParameterizedTest
	@ValueSource(strings = { "size=0", "size=100001", "size=5&step=5", "", "step=0" })
	void badRangeParametersAreBadRequests(String query) {
		HttpResponse<String> response = Http.post(this.port, "/v1/segments/ranges/ranges?" + query, null);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat((String) JsonPath.read(response.body(), "$.title")).isEqualTo("Bad parameter");
	}

	@Test
	void unknownTagsUnknownPathsAndWrongMethodsAreProblems() {
		HttpResponse<String> unknownTag = Http.post(this.port, "/v1/segments/no-such-tag/ranges?size=1", null);
		assertThat(unknownTag.statusCode()).isEqualTo(404);
		assertThat((String) JsonPath.read(unknownTag.body(), "$.tag")).isEqualTo("no-such-tag");
		HttpResponse<String> unknownPath = Http.get(this.port, "/v1/nothing-here");
		assertThat(unknownPath.statusCode()).isEqualTo(404);
		assertThat(Http.contentType(unknownPath)).isEqualTo("application/problem+json");
		HttpResponse<String> wrongMethod = Http.get(this.port, "/v1/segments/orders/ranges?size=1");
		assertThat(wrongMethod.statusCode()).isEqualTo(405);
		assertThat(Http.contentType(wrongMethod)).isEqualTo("application/problem+json");
	}

	@Test
	void anUnknownTagsProblemSaysHowToAddIt() {
		HttpResponse<String> unknownTag = Http.get(this.port, "/v1/segments/no-such-tag/next");
		assertThat(unknownTag.statusCode()).isEqualTo(404);
		assertThat(Http.contentType(unknownTag)).isEqualTo("application/problem+json");
		assertThat((String) JsonPath.read(unknownTag.body(), "$.title")).isEqualTo("Unknown tag");
		assertThat((String) JsonPath.read(unknownTag.body(), "$.tag")).isEqualTo("no-such-tag");
		assertThat((String) JsonPath.read(unknownTag.body(), "$.detail")).isEqualTo("Segment tag 'no-such-tag' does not"
				+ " exist. The server's operator adds it with: INSERT INTO idgen_segment (tag, step) VALUES ('no-such-tag',"
				+ " 1000);");
	}

	@Test
	void anErrorIsAProblemDetailWhateverTheClientAccepts() {
		HttpResponse<String> response = Http.send(Http.request(this.port, "/v1/segments/no-such-tag/next", null)
			.header("Accept", "text/plain")
			.GET()
			.build());
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
	}

	@Test
	void leafsEndpointsAnswerAnyMethodAndAnyAcceptWithThePlainId() {
		for (String method : new String[] { "GET", "POST" }) {
			HttpResponse<String> response = Http.send(Http.request(this.port, "/api/segment/get/orders", null)
				.header("Accept", "application/json")
				.method(method, java.net.http.HttpRequest.BodyPublishers.noBody())
				.build());
			assertThat(response.statusCode()).isEqualTo(200);
			assertThat(Http.contentType(response)).isEqualTo("text/plain;charset=UTF-8");
			assertThat(response.body()).matches("[1-9][0-9]*");
		}
	}

	@Test
	void prometheusCountsRequestsPerEndpointAndTag() {
		Http.get(this.port, "/api/segment/get/orders");
		Http.get(this.port, "/api/segment/get/made-up-tag");
		Http.get(this.port, "/api/snowflake/get/anything");
		String metrics = Http.get(this.port, "/actuator/prometheus").body();
		assertThat(metrics).containsPattern(
				"http_server_requests_seconds_count\\{[^}]*idgen_tag=\"orders\"[^}]*status=\"200\",uri=\"/api/segment/get/\\{key\\}\"\\}")
			.containsPattern("http_server_requests_seconds_count\\{[^}]*idgen_tag=\"other\"[^}]*status=\"404\"")
			.containsPattern("http_server_requests_seconds_count\\{[^}]*idgen_tag=\"default\"[^}]*uri=\"/api/snowflake/get/\\{key\\}\"")
			.doesNotContain("made-up-tag");
	}

	/**
	 * Tags named like the markers of the metrics ("other" for tags that never answered, "none" for
	 * requests that name none, "default" for the default generator) get series of their own.
	 */
	@Test
	void aTagNamedLikeAMarkerOfTheMetricsIsToldApart() {
		this.jdbc.update("MERGE INTO idgen_segment (tag, step) KEY (tag) VALUES ('other', 10), ('none', 10), ('default', 10)");
		for (String tag : new String[] { "other", "none", "default" }) {
			assertThat(Http.get(this.port, "/api/segment/get/" + tag).statusCode()).isEqualTo(200);
		}
		assertThat(Http.get(this.port, "/api/segment/get/never-a-tag").statusCode()).isEqualTo(404);
		String metrics = Http.get(this.port, "/actuator/prometheus").body();
		String segmentIds = "http_server_requests_seconds_count\\{[^}]*idgen_tag=\"%s\"[^}]*status=\"%s\",uri=\"/api/segment/get/\\{key\\}\"\\}";
		assertThat(metrics).containsPattern(segmentIds.formatted("_other", "200"))
			.containsPattern(segmentIds.formatted("_none", "200"))
			.containsPattern(segmentIds.formatted("_default", "200"))
			.containsPattern(segmentIds.formatted("other", "404"))
			.doesNotContainPattern(segmentIds.formatted("other", "200"))
			.doesNotContainPattern(segmentIds.formatted("none", "200"))
			.doesNotContainPattern(segmentIds.formatted("default", "200"));
	}

	@Test
	void theOpenApiDocumentDescribesTheV1Api() {
		HttpResponse<String> response = Http.get(this.port, "/v3/api-docs");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat((String) JsonPath.read(response.body(), "$.openapi")).startsWith("3.1");
		// the server's name and the version of its build, not SpringDoc's "OpenAPI definition", "v0"
		assertThat((String) JsonPath.read(response.body(), "$.info.title")).isEqualTo("idgen-server");
		assertThat((String) JsonPath.read(response.body(), "$.info.version")).isEqualTo(this.build.getVersion());
		assertThat((java.util.Map<String, Object>) JsonPath.read(response.body(), "$.paths")).containsKeys("/v1/ids/next",
				"/v1/ids", "/v1/ids/{id}", "/v1/segments/{tag}/next", "/v1/segments/{tag}",
				"/v1/segments/{tag}/ranges", "/v1/generators/{name}/next", "/v1/generators/{name}",
				"/v1/generators/{name}/{id}")
			.doesNotContainKey("/api/segment/get/{key}");
	}

}
