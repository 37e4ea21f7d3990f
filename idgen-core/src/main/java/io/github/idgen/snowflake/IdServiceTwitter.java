package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

import org.jspecify.annotations.Nullable;

/**
 * The Snowflake generator for one fixed (worker id, datacenter id), on a {@link SnowflakeLayout}
 * ({@link SnowflakeLayout#TWITTER} unless set). Thread-safe and lock-free.
 * <p>
 * The whole state is the last id issued ({@link SnowflakeSequence}): timestamp and sequence are
 * advanced together with one compare-and-set, so concurrent callers can never share a sequence value.
 * The timestamp is the
 * time unit the clock reads, {@code (millis - epoch) / unit} rounded down. When a unit's sequence is
 * used up, callers wait for the next unit. When the clock is behind the start of the last unit ids
 * were issued in by at most the tolerance, callers wait for it to get back there; by more, they get
 * a {@link ClockMovedBackwardsException}. No path issues an id twice or out of order.
 * <p>
 * <b>Coarse time units.</b> With a unit longer than 1 ms, a used-up sequence means a wait of up to
 * a whole unit (parked, not spinning). A clock step back within the last unit costs no wait (ids
 * continue its sequence); a step back into an earlier unit is waited out, or refused, by how far
 * the clock is behind that unit's start, so the tolerance bounds the wait whatever the unit.
 * <p>
 * <b>The lease's millisecond.</b> A lease that checks ids against high-water marks compares one
 * millisecond per id: {@link SnowflakeLayout#timestampMillis(long)}, the first millisecond of the
 * id's time unit (with 1 ms units, the millisecond the clock read). An id passes a mark {@code M}
 * when that millisecond is at most {@code M}: a mark promises the whole unit that holds {@code M},
 * and its holder may issue in that unit until its clock leaves it. A successor whose floor is
 * {@code M} needs ids whose millisecond is after {@code M}: it waits until its clock is past that
 * unit, at {@link SnowflakeLayout#nextUnitStartMillis(long) nextUnitStartMillis(M)}.
 */
public final class IdServiceTwitter implements IdService, GeneratorStatistics {

	/** Clock steps backwards up to this size are waited out unless another tolerance is set. */
	public static final Duration DEFAULT_CLOCK_BACKWARDS_TOLERANCE = Duration.ofMillis(5);

	/** Largest clock-backwards tolerance: callers wait at most this long. */
	public static final Duration MAX_CLOCK_BACKWARDS_TOLERANCE = Duration.ofSeconds(1);

	private final int workerId;

	private final int datacenterId;

	private final SnowflakeLayout layout;

	private final SequenceStart sequenceStart;

	private final MillisClock clock;

	/** The timestamp and sequence: the last id issued, and how the next ones follow from it. */
	private final SnowflakeSequence sequence;

	private final LongAdder issued = new LongAdder();

	private final ClockWaits waits;

	/**
	 * Creates a generator with the {@link SnowflakeLayout#TWITTER} layout, the default tolerance and
	 * the system clock.
	 * @param workerId worker id, 0..31
	 * @param datacenterId datacenter id, 0..31
	 * @throws IllegalArgumentException if an id is out of range
	 */
	public IdServiceTwitter(long workerId, long datacenterId) {
		this(builder().workerId(workerId).datacenterId(datacenterId));
	}

	private IdServiceTwitter(Builder builder) {
		this.layout = (builder.epoch != null) ? builder.layout.withEpoch(builder.epoch) : builder.layout;
		if (this.layout.shardBits() > 0) {
			// its ids need a shard each: the ShardedGenerator puts it below this generator's ids
			throw new IllegalArgumentException("layout has " + this.layout.shardBits() + " shard bits (" + this.layout
					+ "): issue its ids with a ShardedGenerator over a generator of the layout without them");
		}
		this.workerId = LayoutRules.checkField("workerId", builder.workerId, this.layout.maxWorkerId());
		this.datacenterId = LayoutRules.checkField("datacenterId", builder.datacenterId,
				this.layout.maxDatacenterId());
		this.waits = new ClockWaits(builder.clock, this.layout, builder.clockBackwardsTolerance);
		this.sequenceStart = builder.sequenceStart;
		// a sequence start the layout cannot hold is the builder's error, named before the clock's
		this.sequenceStart.checkFits(this.layout);
		this.clock = builder.clock;
		this.layout.checkIssuableAt(this.clock.millis());
		// both ids checked above
		long nodeBits = (long) ((this.datacenterId << this.layout.workerBits()) | this.workerId)
				<< this.layout.sequenceBits();
		this.sequence = new SnowflakeSequence(this.layout, nodeBits, this.sequenceStart, this.clock, this.waits,
				builder.continueAfter);
	}

	/**
	 * Starts a builder, for a layout, epoch, tolerance, clock, sequence start or starting point other
	 * than the defaults.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	@Override
	public long nextId() {
		long id = this.sequence.next();
		this.issued.increment();
		return id;
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Takes whole runs of a time unit's sequence with one compare-and-set each, so a batch costs less
	 * per id than single calls.
	 */
	@Override
	public List<Long> nextIds(int num) {
		if (num < 1 || num > MAX_BATCH_SIZE) {
			throw new IllegalArgumentException("num must be between 1 and " + MAX_BATCH_SIZE + ", was " + num);
		}
		long[] ids = new long[num];
		int filled = 0;
		while (filled < num) {
			int taken = this.sequence.nextRun(ids, filled);
			this.issued.add(taken);
			filled += taken;
		}
		return new IdList(ids);
	}

	/**
	 * Returns the last id issued, or the point the generator was told to continue after.
	 * @return an id; every later id of this generator is greater
	 */
	public long lastIssuedId() {
		return this.sequence.last();
	}

	@Override
	public long issuedIds() {
		return this.issued.sum();
	}

	@Override
	public long sequenceExhaustedWaits() {
		return this.waits.sequenceExhaustedWaits();
	}

	@Override
	public long clockBackwardsWaits() {
		return this.waits.clockBackwardsWaits();
	}

	@Override
	public long clockBackwardsFailures() {
		return this.waits.clockBackwardsFailures();
	}

	/**
	 * Returns the worker id.
	 * @return 0..{@link SnowflakeLayout#maxWorkerId()}
	 */
	public int getWorkerId() {
		return this.workerId;
	}

	/**
	 * Returns the datacenter id.
	 * @return 0..{@link SnowflakeLayout#maxDatacenterId()}
	 */
	public int getDatacenterId() {
		return this.datacenterId;
	}

	/**
	 * Returns the layout, to take this generator's ids apart.
	 * @return the layout with this generator's epoch
	 */
	public SnowflakeLayout getLayout() {
		return this.layout;
	}

	/**
	 * Returns where the sequence of a new time unit starts.
	 * @return the sequence start
	 */
	public SequenceStart getSequenceStart() {
		return this.sequenceStart;
	}

	/**
	 * Returns the clock ids are made with.
	 * @return the clock
	 */
	public MillisClock getClock() {
		return this.clock;
	}

	/**
	 * Returns how far back the clock may step before calls fail instead of waiting.
	 * @return the tolerance
	 */
	public Duration getClockBackwardsTolerance() {
		return Duration.ofMillis(this.waits.toleranceMillis());
	}

	@Override
	public String toString() {
		return "IdServiceTwitter[workerId=" + this.workerId + ", datacenterId=" + this.datacenterId + ", layout="
				+ this.layout + ", sequenceStart=" + this.sequenceStart + "]";
	}

	/**
	 * Builds an {@link IdServiceTwitter}.
	 */
	public static final class Builder {

		private long workerId;

		private long datacenterId;

		private SnowflakeLayout layout = SnowflakeLayout.TWITTER;

		private @Nullable Instant epoch;

		private SequenceStart sequenceStart = SequenceStart.ZERO;

		private Duration clockBackwardsTolerance = DEFAULT_CLOCK_BACKWARDS_TOLERANCE;

		private MillisClock clock = MillisClock.SYSTEM;

		private @Nullable Long continueAfter;

		private Builder() {
		}

		/**
		 * Sets the layout of the ids.
		 * @param layout the layout; {@link SnowflakeLayout#TWITTER} unless set
		 * @return this builder
		 */
		public Builder layout(SnowflakeLayout layout) {
			this.layout = Objects.requireNonNull(layout, "layout must not be null");
			return this;
		}

		/**
		 * Sets where the sequence of a new time unit starts.
		 * @param sequenceStart {@link SequenceStart#ZERO} unless set
		 * @return this builder
		 */
		public Builder sequenceStart(SequenceStart sequenceStart) {
			this.sequenceStart = Objects.requireNonNull(sequenceStart, "sequenceStart must not be null");
			return this;
		}

		/**
		 * Sets the worker id.
		 * @param workerId 0..{@link SnowflakeLayout#maxWorkerId()} of the layout
		 * @return this builder
		 */
		public Builder workerId(long workerId) {
			this.workerId = workerId;
			return this;
		}

		/**
		 * Sets the datacenter id.
		 * @param datacenterId 0..{@link SnowflakeLayout#maxDatacenterId()} of the layout
		 * @return this builder
		 */
		public Builder datacenterId(long datacenterId) {
			this.datacenterId = datacenterId;
			return this;
		}

		/**
		 * Sets the epoch, the instant that timestamp 0 stands for, in place of the layout's own.
		 * @param epoch a whole millisecond, not in the future, with timestamps of the layout left
		 * @return this builder
		 */
		public Builder epoch(Instant epoch) {
			this.epoch = Objects.requireNonNull(epoch, "epoch must not be null");
			return this;
		}

		/**
		 * Sets how far back the clock may step and be waited out.
		 * @param tolerance 0 to 1 s; 0 fails on any step back
		 * @return this builder
		 */
		public Builder clockBackwardsTolerance(Duration tolerance) {
			this.clockBackwardsTolerance = Objects.requireNonNull(tolerance, "clockBackwardsTolerance must not be null");
			return this;
		}

		/**
		 * Sets the clock.
		 * @param clock the source of wall-clock milliseconds
		 * @return this builder
		 */
		public Builder clock(MillisClock clock) {
			this.clock = Objects.requireNonNull(clock, "clock must not be null");
			return this;
		}

		/**
		 * Makes the generator issue only ids from time units after the one {@code id} was issued in,
		 * so that it continues another generator's ids in increasing order.
		 * @param id an id of the same layout and epoch, typically the other generator's
		 * {@link IdServiceTwitter#lastIssuedId()}
		 * @return this builder
		 */
		public Builder continueAfter(long id) {
			if (id < 0) {
				throw new IllegalArgumentException("continueAfter must be an id (not negative), was " + id);
			}
			this.continueAfter = id;
			return this;
		}

		/**
		 * Builds the generator.
		 * @return the generator
		 * @throws IllegalArgumentException naming the argument, its value and its range when one is
		 * out of range
		 * @throws InvalidLayoutException if the epoch breaks a layout rule, or the layout cannot issue
		 * ids at the clock's time (an epoch in the future, or timestamps that ran out)
		 */
		public IdServiceTwitter build() {
			return new IdServiceTwitter(this);
		}

	}

}
