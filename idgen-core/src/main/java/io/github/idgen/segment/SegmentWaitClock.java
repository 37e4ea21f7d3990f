package io.github.idgen.segment;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.LongSupplier;

/**
 * The monotonic clock the segment services of a registry time their waits on, and how a caller that
 * found no id in memory waits for an allocation attempt: {@link #of(LongSupplier) a timed wait on a
 * condition} but in model checks, where {@code System.nanoTime()} stands still and a timed wait never
 * times out, so the check's clock must pass the time of a wait itself.
 */
interface SegmentWaitClock {

	/**
	 * The clock's reading.
	 * @return nanoseconds, only differences of which mean anything
	 */
	long nanoTime();

	/**
	 * Waits until the condition is signalled or about {@code nanos} have passed, whichever comes first
	 * (or spuriously earlier); the caller holds the lock, which is released meanwhile, and checks
	 * afterwards what it waited for.
	 * @param lock the lock of the condition, held by the caller
	 * @param condition the condition
	 * @param nanos how long at most
	 * @throws InterruptedException if interrupted while waiting
	 */
	void await(Lock lock, Condition condition, long nanos) throws InterruptedException;

	/**
	 * A clock whose waits are timed waits on the condition.
	 * @param nanoClock the monotonic clock, {@code System::nanoTime} but in tests
	 * @return the clock
	 */
	static SegmentWaitClock of(LongSupplier nanoClock) {
		return new SegmentWaitClock() {

			@Override
			public long nanoTime() {
				return nanoClock.getAsLong();
			}

			@Override
			public void await(Lock lock, Condition condition, long nanos) throws InterruptedException {
				condition.await(nanos, TimeUnit.NANOSECONDS);
			}

		};
	}

}
