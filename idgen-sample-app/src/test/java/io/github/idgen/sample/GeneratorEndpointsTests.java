package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The named generators over real HTTP, with the sample's default configuration (cluster mode on the
 * embedded ZooKeeper, the demo generator {@code js} of the javascript-safe layout): the same context as
 * {@link IdEndpointsTests}.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "sample.embedded-zookeeper.port=0")
class GeneratorEndpointsTests {

	private static final long JAVASCRIPT_SAFE_LIMIT = 1L << 53;

	@LocalServerPort
	private int port;

	@Autowired
	private IdService idService;

	@Autowired
	private IdGenerators generators;

	@Test
	void nextIsAJavascriptSafeIdInPlainText() {
		HttpResponse<String> response = Http.get(this.port, "/generators/js/next");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(response)).startsWith("text/plain");
		assertThat(Long.parseLong(response.body())).isPositive().isLessThan(JAVASCRIPT_SAFE_LIMIT);
	}

	@Test
	void aCountGivesThatManyIncreasingJavascriptSafeDecimalStrings() {
		HttpResponse<String> response = Http.get(this.port, "/generators/js?count=5000");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(Http.contentType(response)).startsWith("application/json");
		List<String> ids = JsonPath.read(response.body(), "$");
		List<Long> values = ids.stream().map(Long::valueOf).toList();
		assertThat(values).hasSize(5000).doesNotHaveDuplicates().isSorted();
		assertThat(values).allSatisfy((id) -> assertThat(id).isLessThan(JAVASCRIPT_SAFE_LIMIT));
	}

	@ParameterizedTest
	@ValueSource(strings = { "0", "10001", "abc" })
	void aBadCountIsRejectedNamingTheParameter(String count) {
		HttpResponse<String> response = Http.get(this.port, "/generators/js?count=" + count);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo("count");
	}

	@Test
	void anIdIsTakenApartWithTheLayoutOfItsGenerator() {
		Instant before = Instant.now();
		String id = Http.get(this.port, "/generators/js/next").body();
		HttpResponse<String> response = Http.get(this.port, "/generators/js/" + id);
		assertThat(response.statusCode()).isEqualTo(200);
		String body = response.body();
		assertThat((String) JsonPath.read(body, "$.id")).isEqualTo(id);
		assertThat((Integer) JsonPath.read(body, "$.workerId"))
			.isEqualTo(((IdServiceProxy) this.idService).getLease().getWorkerId());
		// the start of its second, counted from the layout's 2026 epoch
		Instant timestamp = Instant.parse(JsonPath.read(body, "$.timestamp"));
		assertThat(timestamp).isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE.decompose(Long.parseLong(id)).timestamp())
			.isBetween(before.minusSeconds(1), Instant.now());
		assertThat((Integer) JsonPath.read(body, "$.sequence")).isNotNegative();
		assertThat(this.generators.layout("js")).isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE);
	}

	@Test
	void anIdAboveTheLayoutsLargestIsABadRequest() {
		HttpResponse<String> response = Http.get(this.port, "/generators/js/" + JAVASCRIPT_SAFE_LIMIT);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo("id");
	}

	@Test
	void anUnknownGeneratorIsNotFound() {
		for (String path : List.of("/generators/nope/next", "/generators/nope?count=3", "/generators/nope/42")) {
			HttpResponse<String> response = Http.get(this.port, path);
			assertThat(response.statusCode()).as(path).isEqualTo(404);
			assertThat((String) JsonPath.read(response.body(), "$.error")).isEqualTo("not_found");
			assertThat((String) JsonPath.read(response.body(), "$.generator")).isEqualTo("nope");
			assertThat((String) JsonPath.read(response.body(), "$.message")).contains("the generators are js");
		}
	}

	@Test
	void theShardedDemoGeneratorPutsTheShardOfANumberOrAKeyInTheLowestBits() {
		long id = Long.parseLong(Http.get(this.port, "/generators/orders/next?shard=3").body());
		assertThat(id & 15).isEqualTo(3);
		long keyed = Long.parseLong(Http.get(this.port, "/generators/orders/next?key=alice").body());
		assertThat(keyed & 15).isEqualTo(Shards.ofKey("alice", 4)).isEqualTo(this.generators.sharded("orders").shardOf(keyed));
		List<String> batch = JsonPath.read(Http.get(this.port, "/generators/orders?count=3&shard=9").body(), "$");
		assertThat(batch).allSatisfy((each) -> assertThat(Long.parseLong(each) & 15).isEqualTo(9));
		String decoded = Http.get(this.port, "/generators/orders/" + id).body();
		assertThat((Integer) JsonPath.read(decoded, "$.shard")).isEqualTo(3);
		assertThat(Http.get(this.port, "/generators/js/" + id).body()).doesNotContain("shard");
	}

	@Test
	void theShardParametersAnswer400NamingTheParameter() {
		for (String path : new String[] { "/generators/orders/next", "/generators/orders/next?shard=16",
				"/generators/orders/next?shard=1&key=a", "/generators/js/next?shard=1", "/generators/orders?count=2" }) {
			HttpResponse<String> response = Http.get(this.port, path);
			assertThat(response.statusCode()).as(path).isEqualTo(400);
			assertThat(response.body()).as(path).contains("shard");
		}
	}

}
