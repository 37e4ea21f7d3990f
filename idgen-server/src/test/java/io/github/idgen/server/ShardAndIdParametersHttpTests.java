package io.github.idgen.server;

import java.net.http.HttpResponse;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How every id endpoint reads {@code ?shard=}, {@code ?key=} and the id it decodes, over HTTP on a
 * server whose default generator is javascript-safe: a repeated or empty parameter is a 400 naming it
 * (never the shard of the comma-joined text), an endpoint whose ids carry no shard refuses both rather
 * than ignoring them, and an id its layout cannot hold is a 400 naming {@code id}, not a 500.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.id-layout=javascript-safe", "xxx.common.generators.orders.shard-bits=4",
				"xxx.common.generators.js.layout=javascript-safe", "xxx.common.codes.receipts.tag=receipts",
				"xxx.common.codes.receipts.pattern=R{seq:6}" })
class ShardAndIdParametersHttpTests {

	/** 2^60: a long, but above the largest javascript-safe id (2^53 - 1). */
	private static final long ABOVE_JAVASCRIPT_SAFE = 1L << 60;

	@LocalServerPort
	private int port;

	@Autowired
	private IdGenerators generators;

	/** The tags, inserted at start as an operator would: a code's tag must exist to start. */
	@TestConfiguration(proxyBeanMethods = false)
	static class Tags {

		@Bean
		@DependsOnDatabaseInitialization
		InitializingBean tags(JdbcTemplate jdbc) {
			return () -> {
				jdbc.update("MERGE INTO idgen_segment (tag, step) KEY (tag) VALUES ('receipts', 100)");
				jdbc.update("MERGE INTO idgen_segment (tag, step, business_id, business_bits, shard_bits) KEY (tag)"
						+ " VALUES ('user-lines', 100, 1, 2, 3)");
				jdbc.update("MERGE INTO idgen_segment (tag, step) KEY (tag) VALUES ('lines', 100)");
			};
		}

	}

	@Test
	void aKeyWithACommaIsOneKeyWhoseCrc32PicksTheShard() {
		long id = Long.parseLong(ok("/v1/generators/orders/next?key=alice%2Cbob"));
		assertThat(id & 15).isEqualTo(Shards.ofKey("alice,bob", 4));
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', value = {
			"/v1/generators/orders/next?key=alice&key=bob | key | Give ?key= once, the request has it 2 times",
			"/v1/generators/orders?count=2&key=alice&key=bob | key | Give ?key= once",
			"/v1/generators/orders/next?shard=1&shard=1 | shard | Give ?shard= once, the request has it 2 times",
			"/v1/segments/user-lines/next?key=a&key=b | key | Give ?key= once",
			"/v1/segments/user-lines?count=2&shard=1&shard=2 | shard | Give ?shard= once",
			"/api/snowflake/get/orders?key=alice&key=bob | key | Give ?key= once",
			"/api/segment/get/user-lines?key=a&key=b | key | Give ?key= once" })
	void aRepeatedShardOrKeyIsABadRequestNamingIt(String path, String parameter, String detail) {
		assertBadParameter(path, parameter, detail);
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', value = { "/v1/generators/orders/next?key=", "/v1/generators/orders?count=2&key=",
			"/v1/segments/user-lines/next?key=", "/api/snowflake/get/orders?key=", "/api/segment/get/user-lines?key" })
	void anEmptyKeyIsABadRequestNamingIt(String path) {
		assertBadParameter(path, "key", "key must not be empty: its CRC-32 picks the shard");
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', value = {
			"/v1/ids/next?shard=3 | shard | The ids of generator 'default' carry no shard, so leave out ?shard=",
			"/v1/ids?count=2&key=alice | key | The ids of generator 'default' carry no shard, so leave out ?key=",
			"/v1/codes/receipts/next?shard=3 | shard | code 'receipts' carry no shard, so leave out ?shard=",
			"/v1/codes/receipts?count=2&key=a | key | code 'receipts' carry no shard, so leave out ?key=",
			"/api/snowflake/get/unknown?key=alice | key | The ids of generator 'default' carry no shard" })
	void aShardOrKeyWhereTheIdsCarryNoneIsABadRequestOnEveryEndpoint(String path, String parameter, String detail) {
		assertBadParameter(path, parameter, detail);
	}

	@Test
	void aRangeRequestRefusesAShardSinceItsClientComposesTheIds() {
		for (String path : List.of("/v1/segments/user-lines/ranges?size=5&shard=1",
				"/v1/segments/lines/ranges?step=5&key=a")) {
			HttpResponse<String> response = Http.post(this.port, path, null);
			assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(400);
			assertThat((String) JsonPath.read(response.body(), "$.detail")).contains("so leave out ?");
		}
		assertThat(Http.post(this.port, "/v1/segments/user-lines/ranges?size=5", null).statusCode()).isEqualTo(200);
	}

	@Test
	void theEndpointsWithoutShardStillAnswerWithoutOne() {
		long id = Long.parseLong(ok("/v1/ids/next"));
		assertThat(id).isLessThan(1L << 53);
		assertThat(ok("/v1/codes/receipts/next")).matches("R\\d{6}");
		assertThat(Long.parseLong(ok("/v1/generators/orders/next?key=alice")) & 15).isEqualTo(Shards.ofKey("alice", 4));
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', value = {
			"/v1/generators/js/" + ABOVE_JAVASCRIPT_SAFE + " | id must be an integer from 0 to 9007199254740991",
			"/v1/ids/" + ABOVE_JAVASCRIPT_SAFE + " | id must be an integer from 0 to 9007199254740991",
			"/v1/ids/9223372036854775807 | id must be an integer from 0 to 9007199254740991",
			"/v1/ids/9223372036854775808 | id must be an integer from 0 to",
			"/v1/ids/-1 | id must be an integer from 0 to", "/v1/generators/js/-1 | id must be an integer from 0 to",
			"/v1/generators/orders/x1 | id must be an integer from 0 to",
			"/v1/segments/lines/ids/-1 | id must be an integer from 1 to",
			"/v1/segments/lines/ids/0x10 | id must be an integer from 1 to",
			"/v1/segments/user-lines/ids/9223372036854775808 | id must be an integer from 1 to" })
	void anIdItsLayoutCannotHoldIsABadRequestNamingId(String path, String detail) {
		assertBadParameter(path, "id", detail);
	}

	@Test
	void theLargestIdOfALayoutIsDecoded() {
		SnowflakeLayout layout = this.generators.layout("js");
		String decoded = ok("/v1/generators/js/" + layout.maxId());
		assertThat((String) JsonPath.read(decoded, "$.id")).isEqualTo(Long.toString(layout.maxId()));
		assertThat((Integer) JsonPath.read(decoded, "$.sequence")).isEqualTo(layout.maxSequence());
	}

	@Test
	void theOpenApiDocumentStillListsShardAndKeyWhereIdsCanCarryAShard() {
		String document = ok("/v3/api-docs");
		for (String path : List.of("/v1/generators/{name}/next", "/v1/generators/{name}", "/v1/segments/{tag}/next",
				"/v1/segments/{tag}")) {
			List<String> query = JsonPath.read(document,
					"$.paths['" + path + "'].get.parameters[?(@.in == 'query')].name");
			assertThat(query).as(path).contains("shard", "key");
		}
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
			assertThat((String) JsonPath.read(response.body(), "$.parameter")).as(path).isEqualTo(parameter);
			assertThat((String) JsonPath.read(response.body(), "$.detail")).as(path).contains(detail);
		}
	}

}
