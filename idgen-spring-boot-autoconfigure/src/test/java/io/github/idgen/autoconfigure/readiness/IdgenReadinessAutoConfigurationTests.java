package io.github.idgen.autoconfigure.readiness;

import java.time.Duration;

import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.MarkScenarios;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.cluster.LeaseTestSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.availability.ApplicationAvailabilityAutoConfiguration;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Readiness follows whether ids are issued, on a real ZooKeeper: also in the two states that come
 * with no lease event (waiting for the previous holder's mark, own mark writes failing).
 */
class IdgenReadinessAutoConfigurationTests {

	@RegisterExtension
	static final LeaseTestSupport zookeeper = LeaseTestSupport.withTestingServer();

	/** Enough for one scheduled look and the hand-over to the application's listeners. */
	private static final Duration LOOK = Duration.ofMillis(4 * IdgenReadinessPublisher.PERIOD_MILLIS);

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
					IdgenReadinessAutoConfiguration.class, ApplicationAvailabilityAutoConfiguration.class));

	private ApplicationContextRunner clusterMode(String path) {
		return this.contextRunner.withPropertyValues("xxx.common.zookeeper-enabled=true",
				"xxx.common.zookeeper-addr=" + zookeeper.connectString(), "xxx.common.zookeeper-worker-ids-path=" + path,
				"xxx.common.zookeeper-session-timeout=4s", "xxx.common.zookeeper-connection-timeout=2s",
				"xxx.common.lease-wait-timeout=0s");
	}

	/** What Spring Boot does once the application is ready. */
	private static ApplicationAvailability ready(ConfigurableApplicationContext context) {
		AvailabilityChangeEvent.publish(context, ReadinessState.ACCEPTING_TRAFFIC);
		return context.getBean(ApplicationAvailability.class);
	}

	@Test
	void clusterModeRefusesTrafficWhileTheLeaseIsUnprovenAndAcceptsItAgainAfter() {
		clusterMode("/readiness-1/worker_ids").run((context) -> {
			assertThat(context).hasSingleBean(IdgenReadinessPublisher.class);
			ApplicationAvailability availability = ready(context);

			zookeeper.server().stop();
			try {
				await().atMost(Duration.ofSeconds(5))
					.until(() -> availability.getReadinessState() == ReadinessState.REFUSING_TRAFFIC);
			}
			finally {
				zookeeper.server().restart();
			}
			await().atMost(Duration.ofSeconds(10))
				.until(() -> availability.getReadinessState() == ReadinessState.ACCEPTING_TRAFFIC);
		});
	}

	@Test
	void whileWaitingForThePreviousHolderMarkTrafficIsRefusedThenAccepted() throws Exception {
		String path = "/readiness-mark-wait/worker_ids";
		try (MarkScenarios scenarios = MarkScenarios.on(zookeeper.connectString(), path)) {
			scenarios.leaveOnlyAnIdWhosePreviousHolderWasAhead(Duration.ofSeconds(4));
			clusterMode(path).run((context) -> {
				IdServiceProxy proxy = context.getBean(IdServiceProxy.class);
				assertThat(proxy.isIssuing()).isFalse();
				ApplicationAvailability availability = ready(context);

				await().atMost(LOOK).until(() -> availability.getReadinessState() == ReadinessState.REFUSING_TRAFFIC);
				assertThat(proxy.isIssuing()).as("refused during the wait, not after it").isFalse();

				await().atMost(Duration.ofSeconds(10))
					.until(() -> availability.getReadinessState() == ReadinessState.ACCEPTING_TRAFFIC);
				assertThat(proxy.isIssuing()).isTrue();
			});
		}
	}

	@Test
	void whenMarksCannotBeWrittenTrafficIsRefusedOnceIdsStopAndAcceptedWhenWritesResume() throws Exception {
		String path = "/readiness-mark-denied/worker_ids";
		try (MarkScenarios scenarios = MarkScenarios.on(zookeeper.connectString(), path)) {
			clusterMode(path).withPropertyValues("xxx.common.lease-mark-interval=100ms").run((context) -> {
				ApplicationAvailability availability = ready(context);
				int nodeId = context.getBean(IdServiceProxy.class).getLease().getNodeId();

				scenarios.denyMarkWrites(nodeId);
				await().atMost(Duration.ofSeconds(5))
					.until(() -> availability.getReadinessState() == ReadinessState.REFUSING_TRAFFIC);

				scenarios.allowMarkWrites(nodeId);
				await().atMost(Duration.ofSeconds(5))
					.until(() -> availability.getReadinessState() == ReadinessState.ACCEPTING_TRAFFIC);
			});
		}
	}

	@Test
	void trafficTheApplicationItselfRefusesIsNeverAcceptedByIdgen() {
		clusterMode("/readiness-own/worker_ids").run((context) -> {
			ApplicationAvailability availability = ready(context);
			AvailabilityChangeEvent.publish(context, ReadinessState.REFUSING_TRAFFIC);

			Thread.sleep(LOOK.toMillis());

			assertThat(context.getBean(IdServiceProxy.class).isIssuing()).isTrue();
			assertThat(availability.getReadinessState()).isEqualTo(ReadinessState.REFUSING_TRAFFIC);
			assertThat(availability.getLastChangeEvent(ReadinessState.class).getSource()).isSameAs(context);
		});
	}

	@Test
	void beforeTheApplicationIsReadyNothingIsPublished() throws Exception {
		String path = "/readiness-startup/worker_ids";
		try (MarkScenarios scenarios = MarkScenarios.on(zookeeper.connectString(), path)) {
			scenarios.leaveOnlyAnIdWhosePreviousHolderWasAhead(Duration.ofSeconds(4));
			clusterMode(path).run((context) -> {
				Thread.sleep(LOOK.toMillis());
				assertThat(context.getBean(IdServiceProxy.class).isIssuing()).isFalse();
				assertThat(context.getBean(ApplicationAvailability.class).getLastChangeEvent(ReadinessState.class))
					.isNull();
			});
		}
	}

	@Test
	void fixedModeHasAPublisherThatNeverRuns() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(IdgenReadinessPublisher.class);
			assertThat(context.getBean(IdgenReadinessPublisher.class).isRunning()).isFalse();
		});
	}

	@Test
	void withoutApplicationAvailabilityThereIsNoPublisher() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(IdServiceAutoConfiguration.class, IdgenReadinessAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdgenReadinessPublisher.class));
	}

}
