package io.github.idgen.segment;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock that stands still until a test moves it, shared by the threads that read it.
 */
final class MovableClock extends Clock {

	private volatile Instant now;

	MovableClock(Instant now) {
		this.now = now;
	}

	void set(Instant now) {
		this.now = now;
	}

	void advance(Duration duration) {
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
