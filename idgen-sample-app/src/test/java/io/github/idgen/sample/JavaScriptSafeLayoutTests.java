package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.time.Instant;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The default generator on the javascript-safe layout (fixed mode): {@code /ids/*} and
 * {@code /actuator/idgen} follow the layout in force.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.zookeeper-enabled=false", "xxx.common.id-layout=javascript-safe",
				"xxx.common.id-worker-id=7", "xxx.common.id-data-center-id=3" })
class JavaScriptSafeLayoutTests {

	@LocalServerPort
	private int port;

	@Test
	void idsAreBelow2To53AndTakenApartWithTheLayout() {
		Instant before = Instant.now();
		String id = Http.get(this.port, "/ids/next").body();
		assertThat(Long.parseLong(id)).isLessThan(1L << 53);
		String body = Http.get(this.port, "/ids/" + id).body();
		assertThat((Integer) JsonPath.read(body, "$.workerId")).isEqualTo(7);
		assertThat((Integer) JsonPath.read(body, "$.datacenterId")).isEqualTo(3);
		assertThat(Instant.parse(JsonPath.read(body, "$.timestamp"))).isBetween(before.minusSeconds(1), Instant.now());
	}

	@Test
	void theEndpointShowsTheLayoutInForce() {
		HttpResponse<String> response = Http.get(this.port, "/actuator/idgen");
		assertThat(response.statusCode()).isEqualTo(200);
		String body = response.body();
		assertThat((String) JsonPath.read(body, "$.layout.timeUnit")).isEqualTo("1000ms");
		assertThat((String) JsonPath.read(body, "$.layout.epoch")).isEqualTo("2026-01-01T00:00:00Z");
		assertThat((Boolean) JsonPath.read(body, "$.layout.javascriptSafe")).isTrue();
		assertThat((Integer) JsonPath.read(body, "$.layout.idsPerSecond")).isEqualTo(4096);
	}

}
