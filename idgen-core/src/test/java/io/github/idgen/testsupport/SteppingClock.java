package io.github.idgen.testsupport;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import io.github.idgen.snowflake.MillisClock;

/**
 * The wall clock and the monotonic clock of a model check. Under Lincheck's model checker
 * {@code System.nanoTime()} and {@code System.currentTimeMillis()} return a constant, so a core that
 * waits for time to pass would wait forever; this clock moves on by a fixed step at every reading
 * instead, as real time passes between two readings, so that every wait for the clock ends after a
 * bounded number of readings whatever the interleaving. A pause ({@link #pause(long)}) moves it on by
 * the time asked for instead of parking. Operations of a check step the wall clock back or forward, as
 * an NTP correction does, without touching the monotonic clock.
 * <p>
 * Readings are not reproducible by a sequential run (a caller that retries reads the clock once more),
 * so checks built on it verify the promises themselves (see {@link IssuedIds}) rather than compare
 * results with a sequential specification.
 */
public final class SteppingClock implements MillisClock, LongSupplier {

	private final long stepNanos;

	private long nanos;

	/** Added to the monotonic milliseconds to make the wall clock's; moved by the steps of a check. */
	private long wallOffsetMillis;

	/** The highest wall-clock reading shown so far. */
	private long highestShown = Long.MIN_VALUE;

	/**
	 * Creates a clock.
	 * @param startMillis what the wall clock shows first
	 * @param stepNanos how far both clocks move on at every reading
	 */
	public SteppingClock(long startMillis, long stepNanos) {
		if (stepNanos < 1) {
			throw new IllegalArgumentException("stepNanos must be positive, was " + stepNanos);
		}
		this.stepNanos = stepNanos;
		this.wallOffsetMillis = startMillis;
	}

	@Override
	public synchronized long millis() {
		this.nanos += this.stepNanos;
		long shown = wallNow();
		this.highestShown = Math.max(this.highestShown, shown);
		return shown;
	}

	/**
	 * Returns the monotonic clock's reading, moving it on by one step.
	 * @return nanoseconds since the clock was made
	 */
	@Override
	public synchronized long getAsLong() {
		this.nanos += this.stepNanos;
		return this.nanos;
	}

	/**
	 * Moves both clocks on by the time asked for, instead of parking the thread.
	 */
	@Override
	public synchronized void pause(long millis) {
		this.nanos += TimeUnit.MILLISECONDS.toNanos(millis);
	}

	/**
	 * Lets monotonic (and wall-clock) time pass at once, as a process frozen for that long finds it.
	 * @param nanos how long
	 */
	public synchronized void pass(long nanos) {
		this.nanos += nanos;
	}

	/**
	 * Steps the wall clock so that it shows {@code millis} less than the latest time it has shown or
	 * shows now, whichever is later: however the steps and readings interleave, the clock is never
	 * further behind its highest reading than the largest step back.
	 * @param millis how far behind
	 */
	public synchronized void stepBack(long millis) {
		long top = Math.max(wallNow(), this.highestShown);
		this.wallOffsetMillis += top - millis - wallNow();
	}

	/**
	 * Steps the wall clock forward.
	 * @param millis how far
	 */
	public synchronized void stepForward(long millis) {
		this.wallOffsetMillis += millis;
	}

	/**
	 * Returns the highest wall-clock reading shown so far: no id may carry a later time.
	 * @return milliseconds since 1970
	 */
	public synchronized long highestShown() {
		return this.highestShown;
	}

	private long wallNow() {
		return this.wallOffsetMillis + TimeUnit.NANOSECONDS.toMillis(this.nanos);
	}

}
