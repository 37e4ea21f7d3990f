package io.github.idgen.autoconfigure.health;

import io.github.idgen.autoconfigure.ClusterIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import java.time.Duration;

import io.github.idgen.cluster.LeaseTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.availability.ApplicationAvailabilityAutoConfiguration;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code idgen} health contributor and the readiness that follows the lease.
 */
class IdgenHealthAutoConfigurationTests {

	@RegisterExtension
	static final LeaseTestSupport zookeeper = LeaseTestSupport.withTestingServer();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
					IdgenHealthAutoConfiguration.class, ApplicationAvailabilityAutoConfiguration.class));

	private ApplicationContextRunner clusterMode(String path) {
		return this.contextRunner.withPropertyValues("xxx.common.zookeeper-enabled=true",
				"xxx.common.zookeeper-addr=" + zookeeper.connectString(), "xxx.common.zookeeper-worker-ids-path=" + path,
				"xxx.common.zookeeper-session-timeout=4s", "xxx.common.zookeeper-connection-timeout=2s",
				"xxx.common.zookeeper-lease-wait-timeout=0s");
	}

	@Test
	void fixedModeIsUpWithItsWorkerId() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=7", "xxx.common.id-data-center-id=3")
			.run((context) -> {
				Health health = context.getBean("idgenHealthIndicator", HealthIndicator.class).health(true);
				assertThat(health.getStatus()).isEqualTo(Status.UP);
				assertThat(health.getDetails()).containsEntry("mode", "fixed")
					.containsEntry("workerId", 7)
					.containsEntry("datacenterId", 3);
			});
	}

	@Test
	void clusterModeIsUpWithTheLeaseAndOutOfServiceWhileTheLeaseIsUnprovenAndReadinessFollows() throws Exception {
		clusterMode("/health-1/worker_ids").run((context) -> {
			HealthIndicator indicator = context.getBean("idgenHealthIndicator", HealthIndicator.class);
			Health health = indicator.health(true);
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("mode", "cluster")
				.containsEntry("leaseState", "ACTIVE")
				.containsKeys("workerId", "datacenterId", "sessionId", "instanceName", "highWaterMark");
			assertThat((String) health.getDetails().get("leasePath")).startsWith("/health-1/worker_ids/");
			ApplicationAvailability availability = context.getBean(ApplicationAvailability.class);
			AvailabilityChangeEvent.publish(context, ReadinessState.ACCEPTING_TRAFFIC);

			zookeeper.server().stop();
			try {
				await().atMost(Duration.ofSeconds(5))
					.until(() -> indicator.health(true).getStatus().equals(Status.OUT_OF_SERVICE));
				assertThat(indicator.health(true).getDetails()).containsEntry("reason",
						"connection to ZooKeeper suspended");
				assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.REFUSING_TRAFFIC);
			}
			finally {
				zookeeper.server().restart();
			}
			await().atMost(Duration.ofSeconds(10)).until(() -> indicator.health(true).getStatus().equals(Status.UP));
			await().atMost(Duration.ofSeconds(5))
				.until(() -> availability.getReadinessState() == ReadinessState.ACCEPTING_TRAFFIC);
		});
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
