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

	/**
	 * Returns this clock seen in another zone: it shows the same instant and moves when this one moves.
	 */
	@Override
	public Clock withZone(ZoneId zone) {
		return new ZonedView(this, zone);
	}

	@Override
	public Instant instant() {
		return this.now;
	}

	private static final class ZonedView extends Clock {

		private final MovableClock source;

		private final ZoneId zone;

		ZonedView(MovableClock source, ZoneId zone) {
			this.source = source;
			this.zone = zone;
		}

		@Override
		public ZoneId getZone() {
			return this.zone;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this.source.withZone(zone);
		}

		@Override
		public Instant instant() {
			return this.source.instant();
		}

	}

}
