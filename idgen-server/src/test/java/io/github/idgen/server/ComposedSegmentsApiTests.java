package io.github.idgen.server;

import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.client.HttpSegmentStore;
import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentIdService;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentSettings;
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
 * Segment tags with a composition in their row, over HTTP on the demo's defaults: {@code ?shard=} and
 * {@code ?key=} on the segment endpoints and their 400s, decoding, the range answer's composition, and
 * idgen-client composing from it the ids the server would.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT)
class ComposedSegmentsApiTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcTemplate jdbc;

	@BeforeEach
	void tags() {
		this.jdbc.update("MERGE INTO idgen_segment (tag, step, business_id, business_bits, shard_bits) KEY (tag)"
				+ " VALUES ('sharded', 100, 5, 3, 2)");
		this.jdbc.update("MERGE INTO idgen_segment (tag, step, business_id, business_bits, shard_bits) KEY (tag)"
				+ " VALUES ('business', 100, 2, 2, 0)");
		this.jdbc.update("MERGE INTO idgen_segment (tag, step) KEY (tag) VALUES ('plain', 100)");
	}

	@Test
	void idsOfAShardedTagCarryTheShardOfShardOrKey() {
		long byShard = Long.parseLong(Http.get(this.port, "/v1/segments/sharded/next?shard=3").body());
		assertThat(byShard & 3).isEqualTo(3);
		assertThat((byShard >>> 2) & 7).isEqualTo(5);
		long byKey = Long.parseLong(Http.get(this.port, "/v1/segments/sharded/next?key=alice").body());
		assertThat(byKey & 3).isEqualTo(Shards.ofKey("alice", 2));
		assertThat(byKey).isGreaterThan(byShard);
		List<String> batch = JsonPath.read(Http.get(this.port, "/v1/segments/sharded?count=3&shard=1").body(), "$");
		assertThat(batch).hasSize(3).allSatisfy((id) -> assertThat(Long.parseLong(id) & 3).isEqualTo(1));
		long leaf = Long.parseLong(Http.get(this.port, "/api/segment/get/sharded?key=alice").body());
		assertThat(leaf & 3).isEqualTo(byKey & 3);
		assertThat(leaf).isGreaterThan(Long.parseLong(batch.get(2)));
		// business bits alone: no shard, composed ids
		long business = Long.parseLong(Http.get(this.port, "/v1/segments/business/next").body());
		assertThat(business & 3).isEqualTo(2);
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', value = {
			"/v1/segments/sharded/next | shard | carry a shard: give ?shard= (0 to 3) or ?key=",
			"/v1/segments/sharded?count=2 | shard | carry a shard: give ?shard= (0 to 3) or ?key=",
			"/v1/segments/sharded/next?shard=4 | shard | 0",
			"/v1/segments/sharded/next?shard=-1 | shard | 0",
			"/v1/segments/sharded/next?shard=1&key=a | shard | not both",
			"/v1/segments/plain/next?shard=0 | shard | carry no shard, so leave out ?shard=",
			"/v1/segments/plain?count=2&key=a | key | carry no shard, so leave out ?key=",
			"/v1/segments/business/next?shard=0 | shard | carry no shard",
			"/api/segment/get/sharded | shard | carry a shard",
			"/v1/segments/sharded/ids/0 | id | 1" })
	void aShardWhereItIsNeededMissingOutOfRangeOrWhereItIsNotIsABadRequest(String path, String parameter,
			String detail) {
		HttpResponse<String> response = Http.get(this.port, path);
		assertThat(response.statusCode()).isEqualTo(400);
		if (path.startsWith("/v1")) {
			assertThat(Http.contentType(response)).isEqualTo("application/problem+json");
			assertThat(response.body()).contains(parameter).contains(detail);
		}
	}

	@Test
	void anIdOfATagIsTakenApart() {
		long id = Long.parseLong(Http.get(this.port, "/v1/segments/sharded/next?shard=2").body());
		String decoded = Http.get(this.port, "/v1/segments/sharded/ids/" + id).body();
		assertThat((String) JsonPath.read(decoded, "$.id")).isEqualTo(Long.toString(id));
		assertThat((String) JsonPath.read(decoded, "$.tag")).isEqualTo("sharded");
		assertThat((String) JsonPath.read(decoded, "$.sequence")).isEqualTo(Long.toString(id >>> 5));
		assertThat((Integer) JsonPath.read(decoded, "$.businessId")).isEqualTo(5);
		assertThat((Integer) JsonPath.read(decoded, "$.shard")).isEqualTo(2);
		long plain = Long.parseLong(Http.get(this.port, "/v1/segments/plain/next").body());
		String plainDecoded = Http.get(this.port, "/v1/segments/plain/ids/" + plain).body();
		assertThat((String) JsonPath.read(plainDecoded, "$.sequence")).isEqualTo(Long.toString(plain));
		HttpResponse<String> foreign = Http.get(this.port, "/v1/segments/sharded/ids/" + ((id & ~28L) | 1 << 2));
		assertThat(foreign.statusCode()).isEqualTo(400);
		assertThat(foreign.body()).contains("carries business id 1, the tag's is 5");
	}

	@Test
	void aRangeAnswersItsTagsComposition() {
		String sharded = Http.post(this.port, "/v1/segments/sharded/ranges?size=3", null).body();
		assertThat((Integer) JsonPath.read(sharded, "$.businessId")).isEqualTo(5);
		assertThat((Integer) JsonPath.read(sharded, "$.businessBits")).isEqualTo(3);
		assertThat((Integer) JsonPath.read(sharded, "$.shardBits")).isEqualTo(2);
		// a plain tag's answer is the one of servers before composed ids
		String plain = Http.post(this.port, "/v1/segments/plain/ranges?size=3", null).body();
		assertThat(plain).doesNotContain("businessId").doesNotContain("businessBits").doesNotContain("shardBits");
	}

	@Test
	void aClientComposesTheIdsTheServerStates() {
		HttpSegmentStore store = HttpSegmentStore.builder()
			.servers(URI.create("http://127.0.0.1:" + this.port))
			.timeout(Duration.ofSeconds(5))
			.build();
		try (SegmentIdServices services = new SegmentIdServices(store, SegmentSettings.DEFAULTS.withMaxStep(10))) {
			SegmentIdService sharded = services.forTag("sharded");
			assertThat(sharded.composition()).isEqualTo(new SegmentComposition(5, 3, 2));
			for (int shard = 0; shard < 4; shard++) {
				long id = sharded.nextId(shard);
				String decoded = Http.get(this.port, "/v1/segments/sharded/ids/" + id).body();
				assertThat((Integer) JsonPath.read(decoded, "$.shard")).isEqualTo(shard);
				assertThat((Integer) JsonPath.read(decoded, "$.businessId")).isEqualTo(5);
			}
			long clientId = sharded.nextId(1);
			long serverId = Long.parseLong(Http.get(this.port, "/v1/segments/sharded/next?shard=1").body());
			// one tag, one composition, one sequence space: never equal, same low bits
			assertThat(clientId).isNotEqualTo(serverId);
			assertThat(clientId & 31).isEqualTo(serverId & 31);
			assertThat(services.forTag("plain").composition()).isEqualTo(SegmentComposition.PLAIN);
		}
	}

}
