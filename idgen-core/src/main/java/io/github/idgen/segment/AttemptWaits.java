package io.github.idgen.segment;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

/**
 * Where callers that found no id in memory wait for a tag's allocation attempt to end, and how the
 * attempt wakes them. A lock and its condition, not a monitor: a virtual thread parked on a monitor
 * pins its carrier (JDK 21).
 */
final class AttemptWaits {

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition attemptEnded = this.lock.newCondition();

	/**
	 * Callers about to wait: an attempt that finds none (most do) takes no lock to wake nobody.
	 */
	private final AtomicInteger waiting = new AtomicInteger();

	/** How a caller waits: a timed wait on the condition, but in model checks. */
	private final SegmentWaitClock clock;

	AttemptWaits(SegmentWaitClock clock) {
		this.clock = clock;
	}

	/** Whether a caller waits now or is about to. */
	boolean any() {
		return this.waiting.get() > 0;
	}

	/**
	 * Waits up to {@code nanos} for {@link #wake()}, unless {@code stillWaiting} is false already.
	 * @throws InterruptedException if interrupted
	 */
	void await(BooleanSupplier stillWaiting, long nanos) throws InterruptedException {
		// counted before the condition is read under the lock: an attempt that ends meanwhile either
		// sees the count and signals, or ended before the count, and then the condition shows it
		this.waiting.incrementAndGet();
		this.lock.lock();
		try {
			if (stillWaiting.getAsBoolean()) {
				this.clock.await(this.lock, this.attemptEnded, nanos);
			}
		}
		finally {
			this.lock.unlock();
			this.waiting.decrementAndGet();
		}
	}

	/** Wakes every waiting caller. */
	void wake() {
		if (this.waiting.get() > 0) {
			this.lock.lock();
			try {
				this.attemptEnded.signalAll();
			}
			finally {
				this.lock.unlock();
			}
		}
	}

}
