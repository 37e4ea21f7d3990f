package io.github.idgen.snowflake;

import java.util.concurrent.atomic.AtomicLong;

import org.jspecify.annotations.Nullable;

/**
 * The timestamp and sequence of one generator's ids: the last id issued, and how the next ones follow
 * from it and the clock. The whole state is that one id: timestamp and sequence are advanced together
 * with one compare-and-set, so concurrent callers can never share a sequence value. Lock-free.
 */
final class SnowflakeSequence {

	private final SnowflakeLayout layout;

	private final MillisClock clock;

	private final ClockWaits waits;

	/** The layout's epoch; this and the fields below are the layout's, copied for the hot path. */
	private final long epochMillis;

	private final long unitMillis;

	private final int timestampShift;

	private final long maxSequence;

	private final long maxTimestamp;

	/** datacenter id and worker id in place, ready to be or-ed into every id. */
	private final long nodeBits;

	/** Turns the id after the last one into the sequence a new unit starts at; 0 for {@link SequenceStart#ZERO}. */
	private final long startMask;

	/**
	 * The last id issued, or the point to continue after: all the state that ids depend on. Always in
	 * Twitter's order ({@code timestamp | node id | sequence}), so that the next id is the last plus one;
	 * {@link #issued(long)} puts it in the layout's order.
	 */
	private final AtomicLong lastId;

	/** Bits of the node id in Sonyflake's order ({@code timestamp | sequence | node id}); 0 in Twitter's. */
	private final int nodeBitsBelowSequence;

	/** The sequence and node id fields together, the bits {@link #issued(long)} reorders. */
	private final long lowFields;

	private final int sequenceBits;

	/**
	 * @param continueAfter an id whose time unit no id of this sequence shares, or null to start anew
	 * @throws IllegalArgumentException if {@code continueAfter} is above the layout's largest id
	 */
	SnowflakeSequence(SnowflakeLayout layout, long nodeBits, SequenceStart sequenceStart, MillisClock clock,
			ClockWaits waits, @Nullable Long continueAfter) {
		this.layout = layout;
		this.clock = clock;
		this.waits = waits;
		this.epochMillis = layout.epochMillis();
		this.unitMillis = layout.timeUnitMillis();
		this.timestampShift = layout.timestampShift();
		this.maxSequence = layout.maxSequence();
		this.maxTimestamp = layout.maxTimestamp();
		this.nodeBits = nodeBits;
		this.startMask = sequenceStart.startMask(layout);
		this.sequenceBits = layout.sequenceBits();
		this.nodeBitsBelowSequence = layout.sequenceAboveNode() ? layout.datacenterBits() + layout.workerBits() : 0;
		this.lowFields = (1L << (layout.sequenceBits() + layout.datacenterBits() + layout.workerBits())) - 1;
		long startUnit = 0;
		if (continueAfter != null) {
			startUnit = continueAfter >>> this.timestampShift;
			if (startUnit > this.maxTimestamp) {
				throw new IllegalArgumentException("continueAfter must be an id of " + layout + ", was " + continueAfter
						+ " (above its largest id " + layout.maxId() + ")");
			}
		}
		// a used-up sequence in the start unit: the first id comes from a later unit
		this.lastId = new AtomicLong((startUnit << this.timestampShift) | this.nodeBits | this.maxSequence);
	}

	/** Issues the next id, waiting for the clock as long as it must. */
	long next() {
		for (;;) {
			long last = this.lastId.get();
			long next = firstIdAfter(last);
			if (this.lastId.compareAndSet(last, next)) {
				return issued(next);
			}
		}
	}

	/**
	 * Issues consecutive ids of one time unit with one compare-and-set, as many as fit in {@code ids}
	 * from {@code from} on and are left in the unit's sequence.
	 * @return how many it wrote, at least 1
	 */
	int nextRun(long[] ids, int from) {
		for (;;) {
			long last = this.lastId.get();
			long first = firstIdAfter(last);
			int available = (int) (this.maxSequence - (first & this.maxSequence)) + 1;
			int taken = Math.min(available, ids.length - from);
			if (this.lastId.compareAndSet(last, first + taken - 1)) {
				for (int i = 0; i < taken; i++) {
					ids[from + i] = issued(first + i);
				}
				return taken;
			}
		}
	}

	/** The last id issued, or the point to continue after, in the layout's order. */
	long last() {
		return issued(this.lastId.get());
	}

	/**
	 * Puts an id of the state's order in the layout's: as it is in Twitter's; in Sonyflake's the
	 * sequence moves above the node id. Either way the ids of one node keep their order.
	 */
	private long issued(long id) {
		if (this.nodeBitsBelowSequence == 0) {
			return id;
		}
		long sequence = id & this.maxSequence;
		long node = (id & this.lowFields) >>> this.sequenceBits;
		return (id & ~this.lowFields) | (sequence << this.nodeBitsBelowSequence) | node;
	}

	/**
	 * Returns the first id after {@code last} that the clock allows, waiting as long as it must: a new
	 * time unit starts its sequence afresh, the same unit takes the next sequence value.
	 */
	private long firstIdAfter(long last) {
		for (;;) {
			long lastUnit = last >>> this.timestampShift;
			long nowMillis = this.clock.millis();
			// a 1 ms unit needs no division: the default layout's path stays as short as before layouts
			long now = (this.unitMillis == 1) ? nowMillis - this.epochMillis
					: Math.floorDiv(nowMillis - this.epochMillis, this.unitMillis);
			if (now > lastUnit) {
				return timestampBits(now) | this.nodeBits | ((last + 1) & this.startMask);
			}
			if (now == lastUnit && (last & this.maxSequence) < this.maxSequence) {
				return last + 1;
			}
			this.waits.await(last, lastUnit, nowMillis);
		}
	}

	private long timestampBits(long unit) {
		if (unit > this.maxTimestamp) {
			throw new IllegalStateException("Timestamps of this layout ran out at " + this.layout.lastTimestamp()
					+ ": choose a later epoch (xxx.common.id-epoch) for new ids");
		}
		return unit << this.timestampShift;
	}

}
