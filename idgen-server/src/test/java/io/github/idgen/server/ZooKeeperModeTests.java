package io.github.idgen.server;

import java.net.http.HttpResponse;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.IdService;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

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

	@Test
	void withoutADatabaseThereAreNoSegmentIds() {
		HttpResponse<String> response = Http.get(this.port, "/api/segment/get/orders", TOKEN);
		assertThat(response.statusCode()).isEqualTo(404);
		assertThat((String) JsonPath.read(response.body(), "$.detail"))
			.isEqualTo("This idgen-server has no segment ids: it has no segment store (spring.datasource.url, or Redis)");
	}

}
