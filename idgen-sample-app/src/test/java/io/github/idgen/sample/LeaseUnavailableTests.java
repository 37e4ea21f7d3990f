package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.time.Duration;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An instance that loses its ZooKeeper answers 503 instead of issuing possibly-duplicate ids, and
 * serves again once ZooKeeper is back. The embedded server is stopped and restarted under the running
 * app, with its data kept, as an operator would restart a real one.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "sample.embedded-zookeeper.port=0", "xxx.common.zookeeper-session-timeout=2s",
				"xxx.common.zookeeper-connection-timeout=2s", "xxx.common.lease-wait-timeout=200ms" })
@DirtiesContext
class LeaseUnavailableTests {

	@LocalServerPort
	private int port;

	@Autowired
	private EmbeddedZooKeeper embeddedZooKeeper;

	@AfterEach
	void restartZooKeeper() {
		this.embeddedZooKeeper.restart();
	}

	@Test
	void answers503WithTheReasonWhileZooKeeperIsDownAndServesAgainWhenItIsBack() {
		long before = Long.parseLong(Http.get(this.port, "/ids/next").body());

		this.embeddedZooKeeper.stop();

		await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertUnavailable(Http.get(this.port, "/ids/next")));
		assertUnavailable(Http.get(this.port, "/ids?count=5"));
		HttpResponse<String> readiness = Http.get(this.port, "/actuator/health/readiness");
		assertThat(readiness.statusCode()).isEqualTo(503);
		assertThat((String) JsonPath.read(readiness.body(), "$.status")).isEqualTo("OUT_OF_SERVICE");
		HttpResponse<String> health = Http.get(this.port, "/actuator/health");
		assertThat((String) JsonPath.read(health.body(), "$.components.idgen.status")).isEqualTo("OUT_OF_SERVICE");
		assertThat((String) JsonPath.read(health.body(), "$.components.idgen.details.reason"))
			.isEqualTo("connection to ZooKeeper suspended");

		this.embeddedZooKeeper.restart();

		await().atMost(Duration.ofSeconds(20))
			.pollInterval(Duration.ofMillis(200))
			.until(() -> Http.get(this.port, "/ids/next").statusCode() == 200);
		long after = Long.parseLong(Http.get(this.port, "/ids/next").body());
		assertThat(after).isGreaterThan(before);
		assertThat(Http.get(this.port, "/ids?count=5").statusCode()).isEqualTo(200);
		await().atMost(Duration.ofSeconds(5))
			.until(() -> Http.get(this.port, "/actuator/health/readiness").statusCode() == 200);
	}

	private static void assertUnavailable(HttpResponse<String> response) {
		assertThat(response.statusCode()).isEqualTo(503);
		assertThat(response.headers().firstValue("Retry-After")).hasValue("1");
		assertThat(Http.contentType(response)).startsWith("application/json");
		String body = response.body();
		assertThat((String) JsonPath.read(body, "$.error")).isEqualTo("service_unavailable");
		assertThat((String) JsonPath.read(body, "$.reason")).isEqualTo("worker_id_lease_unavailable");
		assertThat((String) JsonPath.read(body, "$.message")).startsWith("No id issued: this instance cannot prove")
			.contains("xxx.common.lease-wait-timeout");
	}

}
