package io.github.idgen.segment;

import java.time.Instant;
import java.util.concurrent.atomic.LongAdder;

import org.jspecify.annotations.Nullable;

/**
 * What a tag's loader counts of its allocations, for its statistics: written by the attempts, read
 * at any time by whoever asks for the figures.
 */
final class AllocationCounts {

	private final LongAdder allocations = new LongAdder();

	private final LongAdder storeErrors = new LongAdder();

	/** Time the store took to answer the allocations that got a range: the refill latency, with their count. */
	private final LongAdder allocationNanos = new LongAdder();

	/** Ids of every range allocated: with the ids left in memory, how many were handed out. */
	private final LongAdder allocatedIds = new LongAdder();

	/** How long the store took to answer the last allocation that got a range; -1 before the first. */
	private volatile long lastAllocationNanos = -1;

	/** Counts an allocation that got a range of {@code size} ids after {@code nanos}. */
	void allocated(long nanos, long size) {
		this.allocationNanos.add(nanos);
		this.lastAllocationNanos = nanos;
		this.allocations.increment();
		this.allocatedIds.add(size);
	}

	void storeError() {
		this.storeErrors.increment();
	}

	long allocations() {
		return this.allocations.sum();
	}

	long storeErrors() {
		return this.storeErrors.sum();
	}

	long allocationNanos() {
		return this.allocationNanos.sum();
	}

	long allocatedIds() {
		return this.allocatedIds.sum();
	}

	/** The last refill's latency in microseconds, or null before the first. */
	@Nullable Long lastAllocationMicros() {
		long nanos = this.lastAllocationNanos;
		return (nanos < 0) ? null : nanos / 1000;
	}

	/**
	 * The wall-clock instant of a nano-clock reading in the past, to the millisecond.
	 * @param nowNanos the nano clock now
	 * @param sinceNanos the reading
	 * @return when it was
	 */
	static Instant instantOf(long nowNanos, long sinceNanos) {
		long agoMillis = Math.max(0, (nowNanos - sinceNanos) / 1_000_000);
		return Instant.ofEpochMilli(System.currentTimeMillis() - agoMillis);
	}

}
