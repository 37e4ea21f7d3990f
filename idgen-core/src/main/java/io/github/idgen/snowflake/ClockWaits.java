package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The clock rules of an {@link IdServiceTwitter}: waiting for the next time unit when the sequence
 * of one is used up, waiting out a clock that stepped back by at most the tolerance, failing beyond
 * it; and the counts of each.
 * <p>
 * How far the clock is behind is measured in milliseconds, from the start of the last time unit ids
 * were issued in: that is how long a caller would wait. A step back that stays within that unit
 * costs no wait at all (ids continue its sequence), so with a coarse unit only a step that crosses
 * back into an earlier unit counts, and only by as much as it crosses.
 */
final class ClockWaits {

	private final MillisClock clock;

	private final long epochMillis;

	private final long unitMillis;

	private final long maxSequence;

	private final long toleranceMillis;

	private final AtomicLong sequenceExhaustedWaits = new AtomicLong();

	private final AtomicLong clockBackwardsWaits = new AtomicLong();

	private final AtomicLong clockBackwardsFailures = new AtomicLong();

	ClockWaits(MillisClock clock, SnowflakeLayout layout, Duration tolerance) {
		Duration max = IdServiceTwitter.MAX_CLOCK_BACKWARDS_TOLERANCE;
		if (tolerance.isNegative() || tolerance.compareTo(max) > 0) {
			throw new IllegalArgumentException("clockBackwardsTolerance must be between 0 and " + max.toMillis()
					+ " ms, was " + tolerance.toMillis() + " ms");
		}
		this.clock = clock;
		this.epochMillis = layout.epochMillis();
		this.unitMillis = layout.timeUnitMillis();
		this.maxSequence = layout.maxSequence();
		this.toleranceMillis = tolerance.toMillis();
	}

	/**
	 * Waits until the clock allows an id after {@code last}: for the next time unit when the sequence
	 * is used up, or for the clock to be back in the last unit when it is behind within the tolerance.
	 * @param last the last id issued
	 * @param lastUnit its timestamp
	 * @param nowMillis the clock's reading that did not allow an id
	 * @throws ClockMovedBackwardsException if the clock is, or steps while waiting, further behind
	 * than the tolerance
	 */
	void await(long last, long lastUnit, long nowMillis) {
		long lastUnitStart = this.epochMillis + lastUnit * this.unitMillis;
		boolean sequenceUsedUp = (last & this.maxSequence) == this.maxSequence;
		long target = sequenceUsedUp ? lastUnitStart + this.unitMillis : lastUnitStart;
		boolean counted = false;
		for (long current = nowMillis; current < target; current = this.clock.millis()) {
			// checked on every reading: the clock may step back further while we wait
			long behind = lastUnitStart - current;
			if (behind > this.toleranceMillis) {
				this.clockBackwardsFailures.incrementAndGet();
				throw new ClockMovedBackwardsException(behind, this.toleranceMillis, Instant.ofEpochMilli(lastUnitStart));
			}
			if (!counted) {
				(behind > 0 ? this.clockBackwardsWaits : this.sequenceExhaustedWaits).incrementAndGet();
				counted = true;
			}
			long gap = target - current;
			if (gap > 1) {
				// sleep off all but the last millisecond rather than burn a core
				this.clock.pause(gap - 1);
			}
			else {
				Thread.onSpinWait();
			}
		}
	}

	long toleranceMillis() {
		return this.toleranceMillis;
	}

	long sequenceExhaustedWaits() {
		return this.sequenceExhaustedWaits.get();
	}

	long clockBackwardsWaits() {
		return this.clockBackwardsWaits.get();
	}

	long clockBackwardsFailures() {
		return this.clockBackwardsFailures.get();
	}

}
