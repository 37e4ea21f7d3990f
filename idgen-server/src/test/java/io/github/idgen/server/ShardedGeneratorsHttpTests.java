package io.github.idgen.server;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A generator with shard bits over HTTP ({@code xxx.common.generators.orders.shard-bits=4}): {@code ?shard=}
 * and {@code ?key=} on {@code /v1/generators/{name}/next}, {@code /v1/generators/{name}?count=N} and
 * Leaf's {@code /api/snowflake/get/{key}}; decoding shows the shard, and only for such a generator;
 * every 400 the design lists, as a problem detail naming the parameter.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.generators.orders.shard-bits=4",
				"xxx.common.generators.plain.layout=twitter" })
class ShardedGeneratorsHttpTests {

	@LocalServerPort
	private int port;

	@Autowired
	private IdGenerators generators;

	@Test
	void aShardGivenAsANumberIsCarriedInTheLowestBits() {
		long id = Long.parseLong(ok("/v1/generators/orders/next?shard=13"));
		assertThat(id & 15).isEqualTo(13);
		assertThat(this.generators.layout("orders").decompose(id).shard()).isEqualTo(13);
	}

	@Test
	void aKeyGivesTheShardOfItsCrc32() {
		String key = "björn@example.com";
		long id = Long.parseLong(ok("/v1/generators/orders/next?key=" + URLEncoder.encode(key, StandardCharsets.UTF_8)));
		assertThat(id & 15).isEqualTo(Shards.ofKey(key, 4));
	}

	@Test
	void aBatchCarriesOneShard() {
		List<String> ids = JsonPath.read(ok("/v1/generators/orders?count=5&shard=2"), "$");
		assertThat(ids).hasSize(5).allSatisfy((id) -> assertThat(Long.parseLong(id) & 15).isEqualTo(2));
	}

	@Test
	void leafsEndpointTakesAShardToo() {
		assertThat(Long.parseLong(ok("/api/snowflake/get/orders?shard=7")) & 15).isEqualTo(7);
		assertThat(Long.parseLong(ok("/api/snowflake/get/orders?key=alice")) & 15).isEqualTo(Shards.ofKey("alice", 4));
	}

	@Test
	void decodingShowsTheShardOfAShardedGeneratorsIdsOnly() {
		long id = Long.parseLong(ok("/v1/generators/orders/next?shard=9"));
		String decoded = ok("/v1/generators/orders/" + id);
		assertThat((Integer) JsonPath.read(decoded, "$.shard")).isEqualTo(9);
		assertThat((Integer) JsonPath.read(decoded, "$.sequence")).isEqualTo(
				this.generators.layout("orders").decompose(id).sequence());
		long plain = Long.parseLong(ok("/v1/generators/plain/next"));
		assertThat(ok("/v1/generators/plain/" + plain)).doesNotContain("shard");
		assertThat(ok("/v1/ids/" + plain)).doesNotContain("shard");
	}

	@Test
	void aShardOutOfRangeIs400NamingItsRange() {
		assertBadParameter("/v1/generators/orders/next?shard=16", "shard", "shard must be an integer from 0 to 15");
		assertBadParameter("/v1/generators/orders?count=2&shard=-1", "shard", "from 0 to 15");
		assertBadParameter("/api/snowflake/get/orders?shard=x", "shard", "from 0 to 15");
	}

	@Test
	void bothShardAndKeyAre400() {
		assertBadParameter("/v1/generators/orders/next?shard=1&key=a", "shard", "not both");
		assertBadParameter("/v1/generators/orders?count=2&shard=1&key=a", "shard", "not both");
	}

	@Test
	void neitherWhereAShardIsRequiredIs400() {
		assertBadParameter("/v1/generators/orders/next", "shard", "carry a shard: give ?shard= (0 to 15) or ?key=");
		assertBadParameter("/v1/generators/orders?count=2", "shard", "carry a shard");
		assertBadParameter("/api/snowflake/get/orders", "shard", "carry a shard");
	}

	@Test
	void aShardWhereTheGeneratorHasNoShardBitsIs400() {
		assertBadParameter("/v1/generators/plain/next?shard=1", "shard", "generator 'plain' carry no shard");
		assertBadParameter("/v1/generators/plain?count=2&key=a", "key", "carry no shard, so leave out ?key=");
		// Leaf's unknown keys use the default generator, whose ids carry no shard either
		assertBadParameter("/api/snowflake/get/unknown?shard=1", "shard", "generator 'default' carry no shard");
	}

	@Test
	void theDefaultGeneratorsIdsAreTodays() {
		long id = Long.parseLong(ok("/api/snowflake/get/unknown"));
		assertThat(ok("/v1/ids/" + id)).contains("\"sequence\":" + SnowflakeLayout.TWITTER.decompose(id).sequence());
	}

	private String ok(String path) {
		HttpResponse<String> response = Http.get(this.port, path);
		assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
		return response.body();
	}

	private void assertBadParameter(String path, String parameter, String detail) {
		HttpResponse<String> response = Http.get(this.port, path);
		assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(400);
		if (path.startsWith("/v1/")) {
			assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
			assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo(parameter);
			assertThat((String) JsonPath.read(response.body(), "$.detail")).contains(detail);
		}
	}

}
