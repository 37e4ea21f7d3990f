package io.github.idgen.sample;

import java.net.http.HttpResponse;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.github.idgen.jdbc.JdbcLeaseDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.IdService;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample in JDBC mode on its embedded H2 (the single-instance demo; the lease on PostgreSQL and
 * MariaDB is proven in the library's tests): no ZooKeeper, the worker id leased as a table row, and
 * health, readiness and {@code /actuator/idgen} showing the lease.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.jdbc-enabled=true", "xxx.common.zookeeper-enabled=false" })
class JdbcModeTests {

	@LocalServerPort
	private int port;

	@Autowired
	private ApplicationContext context;

	@Autowired
	private IdService idService;

	@Test
	void leasesItsWorkerIdFromTheDatabaseWithoutZooKeeper() {
		assertThat(this.context.getBeansOfType(EmbeddedZooKeeper.class)).isEmpty();
		assertThat(this.context.getBean(JdbcLeaseDeployment.class).getPath()).isEqualTo("/idgen_worker_lease/default");
		assertThat(this.idService).isInstanceOf(IdServiceProxy.class);
		assertThat(((IdServiceProxy) this.idService).getLease().getPath())
			.startsWith("/idgen_worker_lease/default/");
	}

	@Test
	void healthReadinessAndTheEndpointShowTheLease() {
		HttpResponse<String> health = Http.get(this.port, "/actuator/health");
		assertThat(health.statusCode()).isEqualTo(200);
		assertThat((String) JsonPath.read(health.body(), "$.components.idgen.details.mode")).isEqualTo("jdbc");
		assertThat((String) JsonPath.read(health.body(), "$.components.idgen.details.leasePath"))
			.startsWith("/idgen_worker_lease/default/");
		assertThat(Http.get(this.port, "/actuator/health/readiness").statusCode()).isEqualTo(200);
		HttpResponse<String> idgen = Http.get(this.port, "/actuator/idgen");
		assertThat(idgen.statusCode()).isEqualTo(200);
		assertThat((String) JsonPath.read(idgen.body(), "$.mode")).isEqualTo("jdbc");
		assertThat(Http.get(this.port, "/ids/next").statusCode()).isEqualTo(200);
	}

	@Test
	void theLeaseIsProvedByItsHolderTokenNotBySessionAndRecoveriesAreNotZooKeeperReconnects() {
		String token = ((IdServiceProxy) this.idService).getLease().getHolder().token();
		String idgen = Http.get(this.port, "/actuator/idgen").body();
		assertThat((String) JsonPath.read(idgen, "$.lease.holder.token")).isEqualTo(token);
		Map<String, Object> lease = JsonPath.read(idgen, "$.lease");
		assertThat(lease.get("sessionId")).isNull();
		String health = Http.get(this.port, "/actuator/health").body();
		Map<String, Object> details = JsonPath.read(health, "$.components.idgen.details");
		// the token proves the row in /actuator/idgen, for operators; health, scraped and kept, leaves it out
		assertThat(details).doesNotContainKeys("sessionId", "holderToken");
		assertThat(health).doesNotContain(token);
		assertThat(Http.get(this.port, "/actuator/metrics/idgen.jdbc.recoveries").statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/actuator/metrics/idgen.zookeeper.reconnects").statusCode()).isEqualTo(404);
	}

}
