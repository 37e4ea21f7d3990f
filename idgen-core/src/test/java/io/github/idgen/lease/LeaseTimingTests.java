package io.github.idgen.lease;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The timing rules of the lease, derived from the lease timeout and the mark interval.
 */
class LeaseTimingTests {

	private final LeaseTiming timing = new LeaseTiming(3_000, 200, 10_000);

	@Test
	void aLeaseStaysValidForTwoThirdsOfTheLeaseTimeout() {
		assertThat(this.timing.validityNanos()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(2_000));
	}

	@Test
	void aLeaseIsProvenEveryThirdOfTheLeaseTimeout() {
		assertThat(this.timing.renewalIntervalMillis()).isEqualTo(1_000);
	}

	@Test
	void renewalsAreNeverScheduledMoreOftenThanTheMinimumInterval() {
		LeaseTiming tiny = new LeaseTiming(90, 200, 10_000);

		assertThat(tiny.renewalIntervalMillis()).isEqualTo(LeaseTiming.MIN_RENEWAL_INTERVAL_MILLIS).isEqualTo(50);
		assertThat(tiny.validityNanos()).isEqualTo(TimeUnit.MILLISECONDS.toNanos(60));
	}

	@Test
	void theMarkIsWrittenTwoIntervalsAhead() {
		assertThat(this.timing.markAheadMillis()).isEqualTo(400);
	}

	@Test
	void aWaitBoundOfExactlyTwoMarkIntervalsCannotCoverAGracefulRestart() {
		assertThat(LeaseTiming.waitCoversMarkAhead(Duration.ofMillis(200), Duration.ofMillis(400))).isFalse();
		assertThat(LeaseTiming.waitCoversMarkAhead(Duration.ofMillis(200), Duration.ofMillis(300))).isFalse();
	}

	@Test
	void aWaitBoundBeyondTwoMarkIntervalsCoversAGracefulRestart() {
		assertThat(LeaseTiming.waitCoversMarkAhead(Duration.ofMillis(200), Duration.ofMillis(401))).isTrue();
		assertThat(LeaseTiming.waitCoversMarkAhead(Duration.ofSeconds(1), Duration.ofSeconds(10))).isTrue();
	}

}
