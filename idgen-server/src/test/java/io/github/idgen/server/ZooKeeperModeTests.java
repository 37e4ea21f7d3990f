package io.github.idgen.server;

import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.IdService;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * ZooKeeper mode by configuration alone: the worker id is leased from a real ZooKeeper server, the
 * ids carry it, readiness follows the lease, and without a database the server has no segment ids.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.zookeeper-enabled=true", "idgen.server.tokens[0].name=zk-caller",
				"idgen.server.tokens[0].token=" + ZooKeeperModeTests.TOKEN, "idgen.server.tokens[0].manage=true" })
class ZooKeeperModeTests {

	static final String TOKEN = "zk-token-8a1b2c3d4e5f6a7b";

	private static TestingServer zooKeeper;

	@LocalServerPort
	private int port;

	@Autowired
	private IdService idService;

	@DynamicPropertySource
	static void zooKeeper(DynamicPropertyRegistry registry) throws Exception {
		zooKeeper = new TestingServer(true);
		registry.add("xxx.common.zookeeper-addr", zooKeeper::getConnectString);
	}

	@AfterAll
	static void stopZooKeeper() throws Exception {
		zooKeeper.close();
	}

	@Test
	void idsCarryTheLeasedWorkerId() {
		assertThat(this.idService).isInstanceOf(IdServiceProxy.class);
		int leased = ((IdServiceProxy) this.idService).getLease().getWorkerId();
		String id = Http.get(this.port, "/v1/ids/next", TOKEN).body();
		HttpResponse<String> decoded = Http.get(this.port, "/v1/ids/" + id, TOKEN);
		assertThat((Integer) JsonPath.read(decoded.body(), "$.workerId")).isEqualTo(leased);
		assertThat(Http.get(this.port, "/actuator/health/readiness").statusCode()).isEqualTo(200);
		HttpResponse<String> health = Http.get(this.port, "/actuator/health", TOKEN);
		assertThat((String) JsonPath.read(health.body(), "$.components.idgen.details.mode")).isEqualTo("cluster");
		// Spring Boot's Redis health check is off without Redis, or it would look for a server nobody runs
		assertThat((String) JsonPath.read(health.body(), "$.status")).isEqualTo("UP");
		assertThat((java.util.Map<String, Object>) JsonPath.read(health.body(), "$.components")).doesNotContainKey("redis");
	}

	@ParameterizedTest(name = "{0} {1}")
	@CsvSource({ "GET, /api/segment/get/orders", "GET, /v1/segments/orders/next", "GET, /v1/segments/orders?count=2",
			"GET, /v1/segments/orders/ids/5", "POST, /v1/segments/orders/ranges?size=5", "PUT, /v1/segments/orders" })
	void withoutADatabaseThereAreNoSegmentIdsAndThe404NamesTheTag(String method, String path) {
		HttpResponse<String> response = Http.send(Http.request(this.port, path, TOKEN)
			.header("Content-Type", "application/json")
			.method(method, method.equals("PUT") ? HttpRequest.BodyPublishers.ofString("{\"step\": 10}")
					: HttpRequest.BodyPublishers.noBody())
			.build());
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat((String) JsonPath.read(response.body(), "$.detail")).isEqualTo("Segment tag 'orders' does not exist:"
				+ " this idgen-server has no segment ids, since it has no segment store (spring.datasource.url, or Redis)");
		assertThat((String) JsonPath.read(response.body(), "$.tag")).isEqualTo("orders");
	}

}
