package io.github.idgen.cluster;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.MillisClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The lease thread survives what goes wrong on it: an {@link Error} thrown in a periodic task does not
 * stop later mark writes.
 */
class LeaseThreadFailureTests {

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void anErrorThrownDuringAMarkWriteDoesNotStopLaterMarkWrites() {
		AtomicBoolean armed = new AtomicBoolean();
		AtomicBoolean thrown = new AtomicBoolean();
		MillisClock failingOnce = () -> {
			if (armed.compareAndSet(true, false)) {
				thrown.set(true);
				throw new AssertionError("a clock that failed once");
			}
			return System.currentTimeMillis();
		};
		ClusterDeploymentImpl deployment = this.support.start(this.support.builder().clock(failingOnce).build());
		IdServiceProxy ids = this.support.proxy(deployment, Duration.ofMillis(200));
		ids.nextId();

		armed.set(true);

		await().atMost(Duration.ofSeconds(5)).untilTrue(thrown);
		// ids stop at the last written mark, 2 x the mark interval ahead, unless marks are still written
		await().during(Duration.ofMillis(6 * LeaseTestSupport.MARK_INTERVAL.toMillis()))
			.atMost(Duration.ofSeconds(5))
			.until(() -> ids.nextId() > 0);
		assertThat(ids.getLease().getMarkMillis()).isGreaterThan(System.currentTimeMillis());
	}

}
