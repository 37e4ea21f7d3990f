package io.github.idgen.autoconfigure;

import java.time.Duration;

import io.github.idgen.lease.LeaseRange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

import static io.github.idgen.autoconfigure.IdLayoutAutoConfigurationTests.assertRejected;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lease keys both lease modes share under their neutral names ({@code xxx.common.lease-*}), and
 * their former names ({@code xxx.common.zookeeper-*}), still bound; one test per rule.
 */
@ExtendWith(OutputCaptureExtension.class)
class LeasePropertiesTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withUserConfiguration(LeasePropertiesConfiguration.class);

	@Test
	void theNeutralKeysAreBound() {
		this.contextRunner
			.withPropertyValues("xxx.common.lease-range=node-id", "xxx.common.lease-mark-interval=300ms",
					"xxx.common.lease-mark-max-wait=5s", "xxx.common.lease-clock-skew-warning=2s",
					"xxx.common.lease-wait-timeout=150ms")
			.run((context) -> assertBound(context.getBean(LeaseProperties.class)));
	}

	@Test
	void theFormerNamesStillSetTheKeysTheNeutralNamesLeaveUnset() {
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-lease-range=node-id", "xxx.common.zookeeper-mark-interval=300ms",
					"xxx.common.zookeeper-mark-max-wait=5s", "xxx.common.zookeeper-clock-skew-warning=2s",
					"xxx.common.zookeeper-lease-wait-timeout=150ms")
			.run((context) -> assertBound(context.getBean(LeaseProperties.class)));
	}

	@Test
	void aKeySetUnderBothNamesToDifferentValuesTakesTheNeutralOnesAndAWarningNamesBoth(CapturedOutput output) {
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-mark-interval=2s", "xxx.common.lease-mark-interval=1s",
					"xxx.common.zookeeper-lease-range=node-id", "xxx.common.lease-range=worker-id")
			.run((context) -> {
				LeaseProperties lease = context.getBean(LeaseProperties.class);
				assertThat(lease.getLeaseMarkInterval()).isEqualTo(Duration.ofSeconds(1));
				assertThat(lease.getLeaseRange()).isEqualTo(LeaseRange.WORKER_ID);
				assertThat(output).contains("xxx.common.lease-mark-interval=1000ms and the deprecated"
						+ " xxx.common.zookeeper-mark-interval=2000ms are both set; xxx.common.lease-mark-interval is used."
						+ " Remove xxx.common.zookeeper-mark-interval.");
				assertThat(output).contains("xxx.common.lease-range=worker-id and the deprecated"
						+ " xxx.common.zookeeper-lease-range=node-id are both set");
			});
	}

	@Test
	void aKeySetUnderBothNamesToTheSameValueIsNoCauseForAWarning(CapturedOutput output) {
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-mark-interval=2s", "xxx.common.lease-mark-interval=2000ms")
			.run((context) -> {
				assertThat(context.getBean(LeaseProperties.class).getLeaseMarkInterval()).isEqualTo(Duration.ofSeconds(2));
				assertThat(output).doesNotContain("are both set");
			});
	}

	@Test
	void aValueOutOfRangeIsReportedUnderTheNeutralNameItWasSetWith() {
		this.contextRunner.withPropertyValues("xxx.common.lease-mark-interval=5ms")
			.run((context) -> assertRejected(context, "leaseMarkInterval",
					"xxx.common.lease-mark-interval must be at least 10ms, was 5ms."));
	}

	@Test
	void aValueOutOfRangeIsReportedUnderTheFormerNameItWasSetWith() {
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-lease-wait-timeout=-1ms")
			.run((context) -> assertRejected(context, "zookeeperLeaseWaitTimeout",
					"xxx.common.zookeeper-lease-wait-timeout must be at least 0ms, was -1ms."));
	}

	@Test
	void aMarkMaxWaitNotMoreThanTwiceTheMarkIntervalIsReportedUnderTheNeutralNames() {
		this.contextRunner.withPropertyValues("xxx.common.lease-mark-interval=1s", "xxx.common.lease-mark-max-wait=2s")
			.run((context) -> assertRejected(context, "leaseMarkMaxWait",
					"xxx.common.lease-mark-max-wait must be more than twice xxx.common.lease-mark-interval (1000ms), was"
							+ " 2000ms"));
	}

	/** The values both tests of the names set. */
	private static void assertBound(LeaseProperties lease) {
		assertThat(lease.getLeaseRange()).isEqualTo(LeaseRange.NODE_ID);
		assertThat(lease.getLeaseMarkInterval()).isEqualTo(Duration.ofMillis(300));
		assertThat(lease.getLeaseMarkMaxWait()).isEqualTo(Duration.ofSeconds(5));
		assertThat(lease.getLeaseClockSkewWarning()).isEqualTo(Duration.ofSeconds(2));
		assertThat(lease.getLeaseWaitTimeout()).isEqualTo(Duration.ofMillis(150));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(LeaseProperties.class)
	static class LeasePropertiesConfiguration {

	}

}
