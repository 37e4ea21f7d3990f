package io.github.idgen.autoconfigure;

import io.github.idgen.actuate.endpoint.IdgenEndpoint;
import java.util.Map;

import io.github.idgen.cluster.LeaseTestSupport;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code idgen} Actuator endpoint.
 */
class IdgenEndpointAutoConfigurationTests {

	@RegisterExtension
	static final LeaseTestSupport zookeeper = LeaseTestSupport.withTestingServer();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class,
				ClusterIdServiceAutoConfiguration.class, IdgenEndpointAutoConfiguration.class,
				EndpointAutoConfiguration.class))
		.withPropertyValues("management.endpoints.web.exposure.include=idgen");

	@Test
	@SuppressWarnings("unchecked")
	void clusterModeShowsLayoutLeaseFencingAndCounters() {
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-enabled=true",
					"xxx.common.zookeeper-addr=" + zookeeper.connectString(),
					"xxx.common.zookeeper-worker-ids-path=/endpoint/worker_ids", "xxx.common.instance-name=orders-7")
			.run((context) -> {
				context.getBean(IdService.class).nextIds(10);
				Map<String, Object> body = context.getBean(IdgenEndpoint.class).idgen();
				assertThat(body).containsEntry("mode", "cluster");
				Map<String, Object> layout = (Map<String, Object>) body.get("layout");
				assertThat(layout).containsEntry("epoch", "2010-11-04T01:42:54.657Z")
					.containsEntry("maxIdsPerMillisecond", 4096);
				assertThat((Double) layout.get("yearsLeft")).isBetween(50.0, 60.0);
				Map<String, Object> lease = (Map<String, Object>) body.get("lease");
				assertThat((String) lease.get("path")).startsWith("/endpoint/worker_ids/");
				assertThat(lease).containsKeys("workerId", "datacenterId", "holder", "since", "sessionId")
					.containsEntry("leasesTaken", 1L)
					.containsEntry("reconnects", 0L)
					.containsEntry("range", "WORKER_ID");
				assertThat((Map<String, Object>) lease.get("holder")).containsEntry("pid", ProcessHandle.current().pid());
				assertThat(lease).containsEntry("instanceName", "orders-7")
					.containsEntry("waitForPreviousHolderMarkMillis", 0L)
					.containsEntry("clockLagBehindLiveHoldersMillis", 0L)
					.containsKeys("highWaterMark", "previousHolderMark");
				assertThat((Long) lease.get("highWaterMarkAheadMillis")).isPositive();
				Map<String, Object> fencing = (Map<String, Object>) body.get("fencing");
				assertThat(fencing).containsEntry("issuing", true).containsEntry("state", "ACTIVE");
				Map<String, Object> counters = (Map<String, Object>) body.get("counters");
				assertThat(counters).containsEntry("issuedIds", 10L);
			});
	}

	@Test
	void fixedModeShowsWorkerIdAndDecomposesIds() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=5", "xxx.common.id-data-center-id=2")
			.run((context) -> {
				IdgenEndpoint endpoint = context.getBean(IdgenEndpoint.class);
				assertThat(endpoint.idgen()).containsEntry("mode", "fixed")
					.containsEntry("workerId", 5)
					.containsEntry("datacenterId", 2);
				long id = context.getBean(IdServiceTwitter.class).nextId();
				WebEndpointResponse<Map<String, Object>> parts = endpoint.decompose(Long.toString(id));
				assertThat(parts.getStatus()).isEqualTo(200);
				assertThat(parts.getBody()).containsEntry("id", Long.toString(id))
					.containsEntry("workerId", 5)
					.containsEntry("datacenterId", 2);
			});
	}

	@Test
	void aMalformedOrNegativeIdIsABadRequest() {
		this.contextRunner.run((context) -> {
			IdgenEndpoint endpoint = context.getBean(IdgenEndpoint.class);
			assertThat(endpoint.decompose("abc").getStatus()).isEqualTo(400);
			assertThat(endpoint.decompose("-5").getStatus()).isEqualTo(400);
			assertThat(endpoint.decompose("-5").getBody().get("error").toString()).contains("'-5'");
		});
	}

	@Test
	void withoutActuatorOnTheClasspathThereIsNoEndpoint() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(Endpoint.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdgenEndpoint.class));
	}

	@Test
	void anEndpointThatIsNotExposedIsNotCreated() {
		this.contextRunner.withPropertyValues("management.endpoints.web.exposure.include=health")
			.run((context) -> assertThat(context).doesNotHaveBean(IdgenEndpoint.class));
	}

}
