package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.IdService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The HTTP contract, over real HTTP, with the sample's default configuration: cluster mode against the
 * embedded ZooKeeper (on a free port, so a developer's running instance on 2181 does not matter).
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "sample.embedded-zookeeper.port=0")
class IdEndpointsTests {

	@LocalServerPort
	private int port;

	@Autowired
	private IdService idService;

	@Test
	void nextIdIsAPositiveDecimalInPlainText() {
		HttpResponse<String> response = Http.get(this.port, "/ids/next");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(response)).startsWith("text/plain");
		assertThat(response.body()).matches("[1-9][0-9]*");
		assertThat(Long.parseLong(response.body())).isPositive();
	}

	@Test
	void countOfThreeGivesThreeIncreasingDistinctDecimalStrings() {
		HttpResponse<String> response = Http.get(this.port, "/ids?count=3");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(response)).startsWith("application/json");
		List<Object> ids = JsonPath.read(response.body(), "$");
		assertThat(ids).hasSize(3).allSatisfy((id) -> assertThat(id).isInstanceOf(String.class));
		assertThat(ids).allSatisfy((id) -> assertThat((String) id).matches("[1-9][0-9]*"));
		List<Long> values = ids.stream().map((id) -> Long.parseLong((String) id)).toList();
		assertThat(values).doesNotHaveDuplicates().isSorted();
	}

	@Test
	void largestCountGivesThatManyDistinctIds() {
		HttpResponse<String> response = Http.get(this.port, "/ids?count=10000");
		assertThat(response.statusCode()).isEqualTo(200);
		List<String> ids = JsonPath.read(response.body(), "$");
		assertThat(ids).hasSize(10_000).doesNotHaveDuplicates();
	}

	@Test
	void missingCountIsRejectedNamingTheParameterAndTheRange() {
		assertBadCount(Http.get(this.port, "/ids"), "was missing");
	}

	@ParameterizedTest
	@ValueSource(strings = { "abc", "0", "10001", "-1", "1.5", "99999999999999999999" })
	void badCountIsRejectedNamingTheParameterAndTheRange(String count) {
		assertBadCount(Http.get(this.port, "/ids?count=" + count), "was '" + count + "'");
	}

	private static void assertBadCount(HttpResponse<String> response, String was) {
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(Http.contentType(response)).startsWith("application/json");
		String body = response.body();
		assertThat((String) JsonPath.read(body, "$.error")).isEqualTo("bad_request");
		assertThat((String) JsonPath.read(body, "$.parameter")).isEqualTo("count");
		assertThat((String) JsonPath.read(body, "$.message")).contains("count", "from 1 to 10000").endsWith(was);
	}

	@Test
	void decomposeRoundTripsAnIdJustIssued() {
		Instant before = Instant.now().minusMillis(1);
		String id = Http.get(this.port, "/ids/next").body();
		Instant after = Instant.now().plusMillis(1);
		HttpResponse<String> response = Http.get(this.port, "/ids/" + id);
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(response)).startsWith("application/json");
		String body = response.body();
		WorkerIdLease lease = ((IdServiceProxy) this.idService).getLease();
		assertThat((String) JsonPath.read(body, "$.id")).isEqualTo(id);
		assertThat((Integer) JsonPath.read(body, "$.workerId")).isEqualTo(lease.getWorkerId());
		assertThat((Integer) JsonPath.read(body, "$.datacenterId")).isEqualTo(lease.getDatacenterId());
		assertThat((Integer) JsonPath.read(body, "$.sequence")).isEqualTo((int) (Long.parseLong(id) & 4095));
		Instant timestamp = Instant.parse(JsonPath.read(body, "$.timestamp"));
		assertThat(timestamp).isBetween(before, after);
	}

	@ParameterizedTest
	@ValueSource(strings = { "abc", "-5", "9223372036854775808", "1e5" })
	void badIdIsRejected(String id) {
		HttpResponse<String> response = Http.get(this.port, "/ids/" + id);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat(Http.contentType(response)).startsWith("application/json");
		String body = response.body();
		assertThat((String) JsonPath.read(body, "$.error")).isEqualTo("bad_request");
		assertThat((String) JsonPath.read(body, "$.parameter")).isEqualTo("id");
		assertThat((String) JsonPath.read(body, "$.message")).contains("from 0 to " + Long.MAX_VALUE, "'" + id + "'");
	}

	@Test
	void healthIsUp() {
		HttpResponse<String> response = Http.get(this.port, "/actuator/health");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat((String) JsonPath.read(response.body(), "$.status")).isEqualTo("UP");
	}

	@Test
	void infoShowsTheBuild() {
		HttpResponse<String> response = Http.get(this.port, "/actuator/info");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat((String) JsonPath.read(response.body(), "$.build.artifact")).isEqualTo("idgen-sample-app");
	}

	@Test
	void idsIssuedOneByOneKeepIncreasing() {
		long previous = 0;
		for (int i = 0; i < 20; i++) {
			long id = Long.parseLong(Http.get(this.port, "/ids/next").body());
			assertThat(id).isGreaterThan(previous);
			previous = id;
		}
	}

}
