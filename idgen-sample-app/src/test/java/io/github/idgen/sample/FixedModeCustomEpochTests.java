package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fixed mode, as a user turns it on from the command line: no ZooKeeper at all, and ids taken apart
 * with the configured epoch rather than the default one.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.zookeeper-enabled=false", "xxx.common.id-worker-id=7",
				"xxx.common.id-data-center-id=3", "xxx.common.id-epoch=2024-01-01T00:00:00Z" })
class FixedModeCustomEpochTests {

	@LocalServerPort
	private int port;

	@Autowired
	private ApplicationContext context;

	@Autowired
	private Environment environment;

	@Autowired
	private IdService idService;

	@Test
	void startsNoEmbeddedZooKeeper() {
		assertThat(this.idService).isInstanceOf(IdServiceTwitter.class);
		assertThat(this.context.getBeanNamesForType(EmbeddedZooKeeper.class)).isEmpty();
		assertThat(this.environment.containsProperty("xxx.common.zookeeper-addr")).isFalse();
	}

	@Test
	void decomposesWithTheConfiguredEpoch() {
		Instant before = Instant.now().minusMillis(1);
		String id = Http.get(this.port, "/ids/next").body();
		Instant after = Instant.now().plusMillis(1);
		HttpResponse<String> response = Http.get(this.port, "/ids/" + id);
		assertThat(response.statusCode()).isEqualTo(200);
		String body = response.body();
		assertThat((Integer) JsonPath.read(body, "$.workerId")).isEqualTo(7);
		assertThat((Integer) JsonPath.read(body, "$.datacenterId")).isEqualTo(3);
		assertThat(Instant.parse(JsonPath.read(body, "$.timestamp"))).isBetween(before, after);
		// with the default epoch the same id would be years off: the test tells the epochs apart
		Instant withDefaultEpoch = SnowflakeLayout.TWITTER.decompose(Long.parseLong(id)).timestamp();
		assertThat(Duration.between(withDefaultEpoch, after)).isGreaterThan(Duration.ofDays(365));
	}

}
