package io.github.idgen.sample;

import java.net.http.HttpResponse;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.shard.Shards;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code ?shard=} and {@code ?key=} on every id endpoint of the sample, over real HTTP with its default
 * configuration (the same context as {@link GeneratorEndpointsTests}): a repeated or empty parameter is
 * a 400 naming it, never the shard of the comma-joined text; an endpoint whose ids carry no shard
 * refuses both rather than ignoring them.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "sample.embedded-zookeeper.port=0")
class ShardParameterEndpointsTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@BeforeEach
	void tag() {
		this.jdbc.update("MERGE INTO idgen_segment (tag, step, business_id, business_bits, shard_bits) KEY (tag)"
				+ " VALUES ('user-lines', 100, 1, 2, 3)");
	}

	@Test
	void aKeyWithACommaIsOneKeyWhoseCrc32PicksTheShard() {
		HttpResponse<String> response = Http.get(this.port, "/generators/orders/next?key=alice%2Cbob");
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(Long.parseLong(response.body()) & 15).isEqualTo(Shards.ofKey("alice,bob", 4));
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', value = {
			"/generators/orders/next?key=alice&key=bob | key | Give ?key= once, the request has it 2 times",
			"/generators/orders?count=2&key=alice&key=bob | key | Give ?key= once",
			"/generators/orders/next?shard=1&shard=1 | shard | Give ?shard= once",
			"/segments/user-lines/next?key=a&key=b | key | Give ?key= once",
			"/segments/user-lines?count=2&shard=1&shard=2 | shard | Give ?shard= once",
			"/generators/orders/next?key= | key | key must not be empty",
			"/segments/user-lines?count=2&key= | key | key must not be empty",
			"/ids/next?shard=3 | shard | carry no shard, so leave out ?shard=",
			"/ids?count=2&key=a | key | carry no shard, so leave out ?key=",
			"/ids/opaque/next?shard=3 | shard | carry no shard, so leave out ?shard=",
			"/codes/orders/next?key=a | key | carry no shard, so leave out ?key=",
			"/codes/orders?count=2&shard=1 | shard | carry no shard, so leave out ?shard=" })
	void aRepeatedEmptyOrNeedlessShardParameterIsABadRequestNamingIt(String path, String parameter, String message) {
		HttpResponse<String> response = Http.get(this.port, path);
		assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(400);
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo(parameter);
		assertThat((String) JsonPath.read(response.body(), "$.message")).contains(message);
	}

	@Test
	void anOrderIdIsNotIssuedForAShardItCannotCarry() {
		HttpResponse<String> response = Http.get(this.port, "/orders/next?shard=3");
		assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
		assertThat(Http.contentType(response)).startsWith("application/problem+json");
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo("shard");
		assertThat((String) JsonPath.read(response.body(), "$.detail")).contains("carry no shard, so leave out ?shard=");
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', value = { "/generators/js/9007199254740992", "/generators/js/-1",
			"/generators/js/9223372036854775808", "/generators/js/x", "/segments/user-lines/ids/-1" })
	void anIdItsLayoutCannotHoldIsABadRequestNamingId(String path) {
		HttpResponse<String> response = Http.get(this.port, path);
		assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(400);
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo("id");
	}

}
