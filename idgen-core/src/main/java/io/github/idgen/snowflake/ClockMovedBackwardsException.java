package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;

/**
 * Thrown instead of an id when the clock has moved backwards by more than the generator's
 * tolerance. Issuing then could repeat an id, so the generator refuses until the clock is back in
 * the last time unit it issued in.
 */
public class ClockMovedBackwardsException extends IdUnavailableException {

	private final long backwardsMillis;

	private final long toleranceMillis;

	private final Instant lastIssued;

	ClockMovedBackwardsException(long backwardsMillis, long toleranceMillis, Instant lastIssued) {
		super("Clock moved backwards by " + backwardsMillis + " ms, more than the tolerated " + toleranceMillis
				+ " ms: no id is issued until the clock is back at " + lastIssued
				+ ", where the last time unit ids were issued in starts. Fix the host's time synchronisation (let NTP slew the"
				+ " clock instead of stepping it), or raise the tolerance (xxx.common.id-clock-backwards-tolerance)"
				+ " if steps of this size are expected.", Duration.ofMillis(backwardsMillis));
		this.backwardsMillis = backwardsMillis;
		this.toleranceMillis = toleranceMillis;
		this.lastIssued = lastIssued;
	}

	/**
	 * Returns by how much the clock was behind the start of the last time unit ids were issued in.
	 * @return milliseconds
	 */
	public long getBackwardsMillis() {
		return this.backwardsMillis;
	}

	/**
	 * Returns the step the generator would have waited out.
	 * @return milliseconds
	 */
	public long getToleranceMillis() {
		return this.toleranceMillis;
	}

	/**
	 * Returns the start of the last time unit ids were issued in (with a 1 ms unit, the last
	 * millisecond).
	 * @return the instant the clock has to be back at
	 */
	public Instant getLastIssued() {
		return this.lastIssued;
	}

}
