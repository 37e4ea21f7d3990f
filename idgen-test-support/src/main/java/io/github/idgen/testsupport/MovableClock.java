package io.github.idgen.testsupport;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock that stands still until a test moves it, shared by the threads that read it.
 */
public final class MovableClock extends Clock {

	private volatile Instant now;

	/**
	 * Creates a clock.
	 * @param now the time it shows until moved
	 */
	public MovableClock(Instant now) {
		this.now = now;
	}

	/**
	 * Sets the time.
	 * @param now the time it shows from now on
	 */
	public void set(Instant now) {
		this.now = now;
	}

	/**
	 * Moves the time on.
	 * @param duration how far
	 */
	public void advance(Duration duration) {
		this.now = this.now.plus(duration);
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException();
	}

	@Override
	public Instant instant() {
		return this.now;
	}

}
