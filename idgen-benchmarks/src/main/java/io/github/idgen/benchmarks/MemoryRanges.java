package io.github.idgen.benchmarks;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.UnknownSegmentTagException;
import me.ahoo.cosid.segment.IdSegmentDistributor;

/**
 * The in-memory ranges every generator of {@link SegmentBenchmarks} takes: idgen's
 * {@link SegmentStore} and CosId's {@link IdSegmentDistributor}, both one atomic add on a counter
 * of the tag's largest id (CosId's {@code IdSegmentDistributor.Atomic}), optionally after a pause
 * that stands for a database round trip. Each counts the ranges it handed out and the time it took.
 */
final class MemoryRanges {

	/** The one generator of the running fork whose ranges {@link SegmentBenchmarks.Ranges} counts. */
	private static volatile MemoryRanges counted = new MemoryRanges(1, 0);

	private final long step;

	private final long pauseNanos;

	private final AtomicLong maxId = new AtomicLong();

	private final AtomicLong ranges = new AtomicLong();

	private final LongAdder nanos = new LongAdder();

	/** Ranges handed out up to the last {@link #claim()}. */
	private final AtomicLong claimedRanges = new AtomicLong();

	/** Time spent allocating up to the last {@link #claim()}. */
	private final AtomicLong claimedNanos = new AtomicLong();

	private MemoryRanges(long step, long pauseNanos) {
		this.step = step;
		this.pauseNanos = pauseNanos;
	}

	/**
	 * Creates the ranges of this fork's generator and counts them from now on.
	 * @param step the size of every range
	 * @param pauseNanos how long each allocation parks the thread that asked for it, 0 for none
	 */
	static MemoryRanges counted(long step, long pauseNanos) {
		MemoryRanges ranges = new MemoryRanges(step, pauseNanos);
		counted = ranges;
		return ranges;
	}

	/**
	 * The ranges of this fork's generator handed out since the last call, and the time their
	 * allocations took (0 for a store that answers at once): the first thread to ask gets them.
	 * @return the ranges and the nanoseconds
	 */
	static long[] claim() {
		MemoryRanges ranges = counted;
		long now = ranges.ranges.get();
		long nanos = ranges.nanos.sum();
		return new long[] { now - ranges.claimedRanges.getAndSet(now), nanos - ranges.claimedNanos.getAndSet(nanos) };
	}

	/** The largest id handed out after a range of {@code size} more. */
	long allocate(long size) {
		this.ranges.incrementAndGet();
		if (this.pauseNanos == 0) {
			// as CosId's IdSegmentDistributor.Atomic: one atomic add (and the count above)
			return this.maxId.addAndGet(size);
		}
		long start = System.nanoTime();
		long end = start + this.pauseNanos;
		for (long left = this.pauseNanos; left > 0; left = end - System.nanoTime()) {
			LockSupport.parkNanos(left);
		}
		long last = this.maxId.addAndGet(size);
		this.nanos.add(System.nanoTime() - start);
		return last;
	}

	long ranges() {
		return this.ranges.get();
	}

	/** Mean time of one allocation so far, 0 for a store that answers at once (not timed). */
	double meanNanos() {
		long ranges = this.ranges.get();
		return (ranges > 0) ? this.nanos.sum() / (double) ranges : 0;
	}

	/** idgen's view: one tag, whose row step is {@code step}. */
	SegmentStore store(String tag) {
		return new SegmentStore() {

			@Override
			public SegmentRange allocate(String asked, int requestedStep) {
				if (!asked.equals(tag)) {
					throw new UnknownSegmentTagException(asked, describe());
				}
				long size = Math.max(requestedStep, MemoryRanges.this.step);
				long last = MemoryRanges.this.allocate(size);
				return new SegmentRange(tag, last - size + 1, last, (int) MemoryRanges.this.step, Long.MAX_VALUE);
			}

			@Override
			public SegmentRange allocateExactly(String asked, int size) {
				if (!asked.equals(tag)) {
					throw new UnknownSegmentTagException(asked, describe());
				}
				long last = MemoryRanges.this.allocate(size);
				return new SegmentRange(tag, last - size + 1, last, (int) MemoryRanges.this.step, Long.MAX_VALUE);
			}

			@Override
			public String describe() {
				return "memory";
			}

		};
	}

	/** CosId's view: its in-memory distributor, whose ids come from here. */
	IdSegmentDistributor distributor() {
		return new IdSegmentDistributor.Atomic(this.step) {

			@Override
			public long nextMaxId(long step) {
				return MemoryRanges.this.allocate(step);
			}

		};
	}

}
