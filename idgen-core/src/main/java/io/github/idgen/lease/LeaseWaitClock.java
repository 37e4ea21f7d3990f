package io.github.idgen.lease;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;

/**
 * The monotonic clock an {@link IdServiceProxy} times its waits for the lease on, and how it waits:
 * {@link #SYSTEM} but in model checks, where {@code System.nanoTime()} stands still and a timed wait
 * never times out, so the check's clock must pass the time of a wait itself.
 */
interface LeaseWaitClock {

	/** {@link System#nanoTime()} and {@link Condition#awaitNanos(long)}. */
	LeaseWaitClock SYSTEM = new LeaseWaitClock() {

		@Override
		public long nanoTime() {
			return System.nanoTime();
		}

		@Override
		public void await(Lock lock, Condition condition, long nanos) throws InterruptedException {
			condition.awaitNanos(nanos);
		}

	};

	/**
	 * Returns the monotonic clock's reading.
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

}
