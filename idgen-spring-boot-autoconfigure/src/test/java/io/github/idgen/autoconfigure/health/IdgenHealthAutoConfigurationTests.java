package io.github.idgen.autoconfigure.health;

import java.time.Duration;

import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.MarkScenarios;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.cluster.LeaseTestSupport;
import io.github.idgen.health.IdgenHealthIndicator;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code idgen} health contributor: up only while a call made now gets an id, on a real
 * ZooKeeper in cluster mode.
 */
class IdgenHealthAutoConfigurationTests {

	@RegisterExtension
	static final LeaseTestSupport zookeeper = LeaseTestSupport.withTestingServer();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
					IdgenHealthAutoConfiguration.class));

	private ApplicationContextRunner clusterMode(String path) {
		return this.contextRunner.withPropertyValues("xxx.common.zookeeper-enabled=true",
				"xxx.common.zookeeper-addr=" + zookeeper.connectString(), "xxx.common.zookeeper-worker-ids-path=" + path,
				"xxx.common.zookeeper-session-timeout=4s", "xxx.common.zookeeper-connection-timeout=2s",
				"xxx.common.lease-wait-timeout=0s");
	}

	@Test
	void fixedModeIsUpWithItsWorkerId() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=7", "xxx.common.id-data-center-id=3")
			.run((context) -> {
				assertThat(context).hasSingleBean(IdgenHealthIndicator.class);
				Health health = context.getBean("idgenHealthIndicator", HealthIndicator.class).health(true);
				assertThat(health.getStatus()).isEqualTo(Status.UP);
				assertThat(health.getDetails()).containsEntry("mode", "fixed")
					.containsEntry("workerId", 7)
					.containsEntry("datacenterId", 3)
					.doesNotContainKeys("leasePath", "reason");
			});
	}

	@Test
	void clusterModeIsUpWithTheLeaseAndOutOfServiceWhileTheLeaseIsUnproven() throws Exception {
		clusterMode("/health-1/worker_ids").run((context) -> {
			HealthIndicator indicator = context.getBean("idgenHealthIndicator", HealthIndicator.class);
			Health health = indicator.health(true);
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("mode", "cluster")
				.containsEntry("leaseState", "ACTIVE")
				.containsEntry("workerId", context.getBean(IdServiceProxy.class).getLease().getWorkerId())
				.containsKeys("datacenterId", "sessionId", "instanceName", "highWaterMark")
				.doesNotContainKey("reason");
			assertThat((String) health.getDetails().get("leasePath")).startsWith("/health-1/worker_ids/");

			zookeeper.server().stop();
			try {
				await().atMost(Duration.ofSeconds(5))
					.until(() -> indicator.health(true).getStatus().equals(Status.OUT_OF_SERVICE));
				assertThat(indicator.health(true).getDetails()).containsEntry("reason",
						"connection to ZooKeeper suspended");
			}
			finally {
				zookeeper.server().restart();
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> indicator.health(true).getStatus().equals(Status.UP));
		});
	}

	@Test
	void whileWaitingForThePreviousHolderMarkItIsOutOfServiceSayingSoThenUp() throws Exception {
		String path = "/health-mark-wait/worker_ids";
		try (MarkScenarios scenarios = MarkScenarios.on(zookeeper.connectString(), path)) {
			scenarios.leaveOnlyAnIdWhosePreviousHolderWasAhead(Duration.ofSeconds(4));
			clusterMode(path).run((context) -> {
				HealthIndicator indicator = context.getBean("idgenHealthIndicator", HealthIndicator.class);

				Health waiting = indicator.health(true);
				assertThat(waiting.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
				assertThat(waiting.getDetails()).containsEntry("leaseState", "ACTIVE")
					.containsKey("waitingForPreviousHolderMark");
				assertThat((String) waiting.getDetails().get("reason"))
					.startsWith("waiting for this host's clock to pass the previous holder's high-water mark");

				await().atMost(Duration.ofSeconds(10)).until(() -> indicator.health(true).getStatus().equals(Status.UP));
				assertThat(indicator.health(true).getDetails()).doesNotContainKeys("reason",
						"waitingForPreviousHolderMark");
			});
		}
	}

	@Test
	void whenMarksCannotBeWrittenItIsOutOfServiceOnceIdsStopAndUpWhenWritesResume() throws Exception {
		String path = "/health-mark-denied/worker_ids";
		try (MarkScenarios scenarios = MarkScenarios.on(zookeeper.connectString(), path)) {
			clusterMode(path).withPropertyValues("xxx.common.lease-mark-interval=100ms").run((context) -> {
				HealthIndicator indicator = context.getBean("idgenHealthIndicator", HealthIndicator.class);
				assertThat(indicator.health(true).getStatus()).isEqualTo(Status.UP);
				int nodeId = context.getBean(IdServiceProxy.class).getLease().getNodeId();

				scenarios.denyMarkWrites(nodeId);
				await().atMost(Duration.ofSeconds(5))
					.until(() -> indicator.health(true).getStatus().equals(Status.OUT_OF_SERVICE));
				Health stopped = indicator.health(true);
				assertThat(stopped.getDetails()).containsEntry("leaseState", "ACTIVE");
				assertThat((String) stopped.getDetails().get("reason")).contains("high-water mark", "not renewed");

				scenarios.allowMarkWrites(nodeId);
				await().atMost(Duration.ofSeconds(5)).until(() -> indicator.health(true).getStatus().equals(Status.UP));
			});
		}
	}

	@Test
	void aUserIdServiceThatNoModeDescribesGetsNoContributor() {
		this.contextRunner.withBean(IdService.class, () -> new IdServiceTwitter(1, 1))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("idgenHealthIndicator"));
	}

	@Test
	void aUserIdgenHealthIndicatorBeanWins() {
		HealthIndicator own = () -> Health.up().build();
		this.contextRunner.withBean("idgenHealthIndicator", HealthIndicator.class, () -> own)
			.run((context) -> assertThat(context).doesNotHaveBean(IdgenHealthIndicator.class)
				.getBean("idgenHealthIndicator")
				.isSameAs(own));
	}

	@Test
	void managementHealthIdgenEnabledFalseSwitchesTheContributorOff() {
		this.contextRunner.withPropertyValues("management.health.idgen.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean("idgenHealthIndicator"));
	}

	@Test
	void withoutSpringBootHealthOnTheClasspathThereIsNoContributor() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(HealthIndicator.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("idgenHealthIndicator"));
	}

}
