package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.util.List;

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
 * The sample's segment endpoints for a tag whose row carries a composition: {@code ?shard=} and
 * {@code ?key=}, their 400s, and decoding.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "sample.embedded-zookeeper.port=0", "xxx.common.segment-wait-timeout=200ms" })
class ComposedSegmentEndpointsTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@BeforeEach
	void tag() {
		this.jdbc.update("MERGE INTO idgen_segment (tag, step, business_id, business_bits, shard_bits) KEY (tag)"
				+ " VALUES ('order-lines', 100, 6, 3, 3)");
	}

	@Test
	void idsCarryTheShardOfShardOrKeyAndAreTakenApart() {
		long id = Long.parseLong(Http.get(this.port, "/segments/order-lines/next?shard=5").body());
		assertThat(id & 7).isEqualTo(5);
		long byKey = Long.parseLong(Http.get(this.port, "/segments/order-lines/next?key=alice").body());
		assertThat(byKey & 7).isEqualTo(Shards.ofKey("alice", 3));
		List<String> batch = JsonPath.read(Http.get(this.port, "/segments/order-lines?count=3&shard=2").body(), "$");
		assertThat(batch).hasSize(3).allSatisfy((each) -> assertThat(Long.parseLong(each) & 7).isEqualTo(2));
		String decoded = Http.get(this.port, "/segments/order-lines/ids/" + id).body();
		assertThat((String) JsonPath.read(decoded, "$.sequence")).isEqualTo(Long.toString(id >>> 6));
		assertThat((Integer) JsonPath.read(decoded, "$.businessId")).isEqualTo(6);
		assertThat((Integer) JsonPath.read(decoded, "$.shard")).isEqualTo(5);
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', value = { "/segments/order-lines/next | shard", "/segments/order-lines/next?shard=8 | shard",
			"/segments/order-lines?count=2&shard=1&key=a | shard", "/segments/users/next?shard=0 | shard",
			"/segments/users?count=2&key=a | key" })
	void aShardMissingOutOfRangeDoubledOrNeedlessIsABadRequest(String path, String parameter) {
		HttpResponse<String> response = Http.get(this.port, path);
		assertThat(response.statusCode()).isEqualTo(400);
		assertThat((String) JsonPath.read(response.body(), "$.parameter")).isEqualTo(parameter);
	}

}
