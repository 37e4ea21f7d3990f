package io.github.idgen.segment;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

/**
 * A store of one tag in this process's memory, as fast as a store can be unless told to pause:
 * {@code max_id} is an {@link AtomicLong}, and the row's step comes from a supplier, so that it may
 * change at every allocation.
 */
final class MemoryStore implements SegmentStore {

	private final AtomicLong maxId = new AtomicLong();

	private final IntSupplier rowStep;

	private volatile long pauseNanos;

	MemoryStore(IntSupplier rowStep) {
		this.rowStep = rowStep;
	}

	/** Makes every allocation from now on take at least this long (parked), as a database would. */
	void pause(Duration pause) {
		this.pauseNanos = pause.toNanos();
	}

	long maxId() {
		return this.maxId.get();
	}

	@Override
	public SegmentRange allocate(String tag, int requestedStep) {
		int step = this.rowStep.getAsInt();
		return take(tag, Math.max(requestedStep, step), step);
	}

	@Override
	public SegmentRange allocateExactly(String tag, int size) {
		return take(tag, size, this.rowStep.getAsInt());
	}

	private SegmentRange take(String tag, long size, int step) {
		long pause = this.pauseNanos;
		long end = System.nanoTime() + pause;
		for (long left = pause; left > 0; left = end - System.nanoTime()) {
			LockSupport.parkNanos(left);
		}
		long last = this.maxId.addAndGet(size);
		return new SegmentRange(tag, last - size + 1, last, step, Long.MAX_VALUE);
	}

	@Override
	public String describe() {
		return "memory";
	}

}
