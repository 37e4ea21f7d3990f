package io.github.idgen.snowflake;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A {@link MillisClock} for tests: time stands still unless a test moves it, or unless it is told to
 * advance by 1 ms (or another step) every {@code n} reads, so that a generator waiting for the next
 * time unit gets there after a known number of reads instead of spinning forever. A script of values
 * can be queued for the next reads, to move time at an exact point inside a call (for example in the
 * middle of a wait). A generator's {@link #pause(long)} moves this clock on instead of parking the
 * thread, so a wait for a coarse time unit takes no real time.
 */
final class FakeClock implements MillisClock {

	private long now;

	private int advanceEveryReads;

	private long advanceStep = 1;

	private long pausedMillis;

	private int readsSinceAdvance;

	private long reads;

	private final Deque<Long> script = new ArrayDeque<>();

	FakeClock(long startMillis) {
		this.now = startMillis;
	}

	@Override
	public synchronized long millis() {
		this.reads++;
		Long scripted = this.script.poll();
		if (scripted != null) {
			this.now = scripted;
			this.readsSinceAdvance = 0;
			return scripted;
		}
		long value = this.now;
		if (this.advanceEveryReads > 0 && ++this.readsSinceAdvance >= this.advanceEveryReads) {
			this.now += this.advanceStep;
			this.readsSinceAdvance = 0;
		}
		return value;
	}

	/**
	 * Sets the time; later reads return it (until the clock advances by itself).
	 * @param millis milliseconds since 1970
	 * @return this clock
	 */
	synchronized FakeClock set(long millis) {
		this.now = millis;
		this.readsSinceAdvance = 0;
		return this;
	}

	/**
	 * Moves the time by {@code millis}, backwards if negative.
	 * @param millis the step
	 * @return this clock
	 */
	synchronized FakeClock step(long millis) {
		return set(this.now + millis);
	}

	/**
	 * Makes the clock advance by 1 ms after every {@code reads} reads; 0 freezes it.
	 * @param reads reads per millisecond
	 * @return this clock
	 */
	synchronized FakeClock advanceEvery(int reads) {
		return advanceEvery(reads, 1);
	}

	/**
	 * Makes the clock advance by {@code stepMillis} after every {@code reads} reads; 0 reads freezes it.
	 * @param reads reads per step
	 * @param stepMillis the step
	 * @return this clock
	 */
	synchronized FakeClock advanceEvery(int reads, long stepMillis) {
		if (reads < 0 || stepMillis < 1) {
			throw new IllegalArgumentException("reads must not be negative and the step positive, were " + reads
					+ " and " + stepMillis);
		}
		this.advanceEveryReads = reads;
		this.advanceStep = stepMillis;
		this.readsSinceAdvance = 0;
		return this;
	}

	/**
	 * Moves the time on by {@code millis} instead of letting real time pass.
	 */
	@Override
	public synchronized void pause(long millis) {
		this.pausedMillis += millis;
		this.now += millis;
		this.readsSinceAdvance = 0;
	}

	/**
	 * Returns how far {@link #pause(long)} moved the time on in all.
	 * @return milliseconds
	 */
	synchronized long pausedMillis() {
		return this.pausedMillis;
	}

	/**
	 * Queues values for the next reads, one read each; afterwards the clock goes on from the last
	 * of them.
	 * @param millis the values to return
	 * @return this clock
	 */
	synchronized FakeClock thenRead(long... millis) {
		for (long value : millis) {
			this.script.add(value);
		}
		return this;
	}

	/**
	 * Returns the current time without counting it as a read.
	 * @return milliseconds since 1970
	 */
	synchronized long peek() {
		Long scripted = this.script.peek();
		return (scripted != null) ? scripted : this.now;
	}

	/**
	 * Returns how often the clock has been read.
	 * @return the number of {@link #millis()} calls
	 */
	synchronized long reads() {
		return this.reads;
	}

}
