package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The segment endpoints over real HTTP with the sample's default configuration: an embedded H2 with
 * the demo tags.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "sample.embedded-zookeeper.port=0", "xxx.common.segment-wait-timeout=200ms" })
class SegmentEndpointsTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@Test
	void nextIdOfADemoTagIsPlainTextAndDense() {
		HttpResponse<String> first = Http.get(this.port, "/segments/users/next");
		assertThat(first.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(first)).startsWith("text/plain");
		long id = Long.parseLong(first.body());
		assertThat(Long.parseLong(Http.get(this.port, "/segments/users/next").body())).isEqualTo(id + 1);
	}

	@Test
	void countGivesIncreasingDecimalStringsAcrossRanges() {
		HttpResponse<String> response = Http.get(this.port, "/segments/orders?count=2500");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(response)).startsWith("application/json");
		List<Object> ids = JsonPath.read(response.body(), "$");
		assertThat(ids).hasSize(2500).allSatisfy((id) -> assertThat(id).isInstanceOf(String.class));
		List<Long> values = ids.stream().map((id) -> Long.parseLong((String) id)).toList();
		assertThat(values).doesNotHaveDuplicates().isSorted();
		assertThat(values.get(2499) - values.get(0)).isEqualTo(2499);
	}

	@ParameterizedTest
	@ValueSource(strings = { "abc", "0", "10001" })
	void badCountIsRejectedAsForIds(String count) {
		HttpResponse<String> response = Http.get(this.port, "/segments/orders?count=" + count);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat((String) JsonPath.read(response.body(), "$.error")).isEqualTo("bad_request");
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo("count");
		assertThat((String) JsonPath.read(response.body(), "$.message"))
			.isEqualTo("count must be an integer from 1 to 10000, was '" + count + "'");
	}

	@Test
	void unknownTagIsNotFoundNamingTagAndTable() {
		HttpResponse<String> response = Http.get(this.port, "/segments/nope/next");
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat((String) JsonPath.read(response.body(), "$.error")).isEqualTo("not_found");
		assertThat((String) JsonPath.read(response.body(), "$.tag")).isEqualTo("nope");
		assertThat((String) JsonPath.read(response.body(), "$.message"))
			.isEqualTo("Segment tag 'nope' does not exist in table idgen_segment; an operator adds it with:"
					+ " INSERT INTO idgen_segment (tag, step) VALUES ('nope', 1000);");
	}

	@Test
	void exhaustedTagIsAConflictUntilTheLimitIsRaised() {
		this.jdbc.update("INSERT INTO idgen_segment (tag, step, max_limit_id) VALUES ('tiny', 2, 3)");
		assertThat(Http.get(this.port, "/segments/tiny?count=3").statusCode()).isEqualTo(200);
		HttpResponse<String> response = Http.get(this.port, "/segments/tiny/next");
		assertThat(response.statusCode()).isEqualTo(409);
		assertThat((String) JsonPath.read(response.body(), "$.error")).isEqualTo("tag_exhausted");
	}

	@Test
	void storeUnavailableWithEmptyBuffersIsServiceUnavailableWithRetryAfter() {
		this.jdbc.update("INSERT INTO idgen_segment (tag, step) VALUES ('outage', 3)");
		assertThat(Http.get(this.port, "/segments/outage/next").statusCode()).isEqualTo(200);
		this.jdbc.update("ALTER TABLE idgen_segment RENAME TO idgen_segment_away");
		try {
			HttpResponse<String> response;
			do {
				response = Http.get(this.port, "/segments/outage/next");
			}
			while (response.statusCode() == 200);
			assertThat(response.statusCode()).isEqualTo(503);
			assertThat(response.headers().firstValue("Retry-After")).hasValueSatisfying(
					(seconds) -> assertThat(Long.parseLong(seconds)).isPositive());
			assertThat((String) JsonPath.read(response.body(), "$.reason")).isEqualTo("segment_store_unavailable");
		}
		finally {
			this.jdbc.update("ALTER TABLE idgen_segment_away RENAME TO idgen_segment");
		}
	}

	@Test
	void segmentsEndpointDescribesUsedTags() {
		Http.get(this.port, "/segments/users/next");
		HttpResponse<String> response = Http.get(this.port, "/actuator/idgenSegments");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat((String) JsonPath.read(response.body(), "$.store")).isEqualTo("table idgen_segment");
		assertThat((List<String>) JsonPath.read(response.body(), "$.tags[*].tag")).contains("users");
	}

}
