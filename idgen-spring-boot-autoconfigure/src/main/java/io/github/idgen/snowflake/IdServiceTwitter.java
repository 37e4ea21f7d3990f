package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * The Snowflake generator for one fixed (worker id, datacenter id). Thread-safe and lock-free.
 * <p>
 * The whole state is the last id issued: timestamp and sequence are advanced together with one
 * compare-and-set, so concurrent callers can never share a sequence value. When the 4096 values of
 * a millisecond are used up, callers spin until the next millisecond. When the clock is behind the
 * last issued millisecond by at most the tolerance, callers wait for it to catch up; by more, they
 * get a {@link ClockMovedBackwardsException}. No path issues an id twice.
 */
public final class IdServiceTwitter implements IdService, GeneratorStatistics {

	/** Clock steps backwards up to this size are waited out unless another tolerance is set. */
	public static final Duration DEFAULT_CLOCK_BACKWARDS_TOLERANCE = Duration.ofMillis(5);

	/** Largest clock-backwards tolerance: callers wait at most this long. */
	public static final Duration MAX_CLOCK_BACKWARDS_TOLERANCE = Duration.ofSeconds(1);

	private final int workerId;

	private final int datacenterId;

	private final SnowflakeLayout layout;

	private final long epochMillis;

	private final long toleranceMillis;

	private final MillisClock clock;

	/** datacenter id and worker id in place, ready to be or-ed into every id. */
	private final long nodeBits;

	/** The last id issued, or the point to continue after: all the state that ids depend on. */
	private final AtomicLong lastId;

	private final LongAdder issued = new LongAdder();

	private final AtomicLong sequenceExhaustedWaits = new AtomicLong();

	private final AtomicLong clockBackwardsWaits = new AtomicLong();

	private final AtomicLong clockBackwardsFailures = new AtomicLong();

	/**
	 * Creates a generator with Twitter's epoch, the default tolerance and the system clock.
	 * @param workerId worker id, 0..31
	 * @param datacenterId datacenter id, 0..31
	 * @throws IllegalArgumentException if an id is out of range
	 */
	public IdServiceTwitter(long workerId, long datacenterId) {
		this(builder().workerId(workerId).datacenterId(datacenterId));
	}

	private IdServiceTwitter(Builder builder) {
		this.workerId = checkRange("workerId", builder.workerId, SnowflakeLayout.MAX_WORKER_ID);
		this.datacenterId = checkRange("datacenterId", builder.datacenterId, SnowflakeLayout.MAX_DATACENTER_ID);
		long tolerance = builder.clockBackwardsTolerance.toMillis();
		if (builder.clockBackwardsTolerance.isNegative()
				|| builder.clockBackwardsTolerance.compareTo(MAX_CLOCK_BACKWARDS_TOLERANCE) > 0) {
			throw new IllegalArgumentException("clockBackwardsTolerance must be between 0 and "
					+ MAX_CLOCK_BACKWARDS_TOLERANCE.toMillis() + " ms, was " + builder.clockBackwardsTolerance.toMillis()
					+ " ms");
		}
		this.toleranceMillis = tolerance;
		this.clock = builder.clock;
		this.layout = SnowflakeLayout.withEpoch(builder.epoch);
		this.epochMillis = this.layout.epochMillis();
		long now = this.clock.millis();
		if (this.epochMillis > now) {
			throw new IllegalArgumentException(
					"epoch must not be in the future, was " + builder.epoch + " (now " + Instant.ofEpochMilli(now) + ")");
		}
		if (now - this.epochMillis > SnowflakeLayout.MAX_TIMESTAMP) {
			throw new IllegalArgumentException("epoch must be less than 2^41 ms (about 69 years) in the past, was "
					+ builder.epoch + "; its timestamps ran out at " + this.layout.lastTimestamp());
		}
		this.nodeBits = ((long) this.datacenterId << SnowflakeLayout.DATACENTER_ID_SHIFT)
				| ((long) this.workerId << SnowflakeLayout.WORKER_ID_SHIFT);
		long startMillis = 0;
		if (builder.continueAfter != null) {
			startMillis = Math.max(0, this.layout.timestampMillis(builder.continueAfter) - this.epochMillis);
		}
		// a used-up sequence in the start millisecond: the first id comes from a later millisecond
		this.lastId = new AtomicLong((startMillis << SnowflakeLayout.TIMESTAMP_SHIFT) | this.nodeBits
				| SnowflakeLayout.MAX_SEQUENCE);
	}

	/**
	 * Starts a builder, for an epoch, tolerance, clock or starting point other than the defaults.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	private static int checkRange(String name, long value, int max) {
		if (value < 0 || value > max) {
			throw new IllegalArgumentException(name + " must be between 0 and " + max + ", was " + value);
		}
		return (int) value;
	}

	@Override
	public long nextId() {
		for (;;) {
			long last = this.lastId.get();
			long next = firstIdAfter(last);
			if (this.lastId.compareAndSet(last, next)) {
				this.issued.increment();
				return next;
			}
		}
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * Takes whole runs of a millisecond's sequence with one compare-and-set each, so a batch costs
	 * less per id than single calls.
	 */
	@Override
	public List<Long> nextIds(int num) {
		if (num < 1 || num > MAX_BATCH_SIZE) {
			throw new IllegalArgumentException("num must be between 1 and " + MAX_BATCH_SIZE + ", was " + num);
		}
		long[] ids = new long[num];
		int filled = 0;
		while (filled < num) {
			long last = this.lastId.get();
			long first = firstIdAfter(last);
			int available = SnowflakeLayout.MAX_SEQUENCE - (int) (first & SnowflakeLayout.MAX_SEQUENCE) + 1;
			int taken = Math.min(available, num - filled);
			if (this.lastId.compareAndSet(last, first + taken - 1)) {
				this.issued.add(taken);
				for (int i = 0; i < taken; i++) {
					ids[filled++] = first + i;
				}
			}
		}
		return new IdList(ids);
	}

	/**
	 * Returns the first id after {@code last} that the clock allows, waiting as long as it must: a new
	 * millisecond starts at sequence 0, the same millisecond takes the next sequence value.
	 */
	private long firstIdAfter(long last) {
		for (;;) {
			long lastMillis = last >>> SnowflakeLayout.TIMESTAMP_SHIFT;
			long now = this.clock.millis() - this.epochMillis;
			if (now > lastMillis) {
				return timestampBits(now) | this.nodeBits;
			}
			if (now == lastMillis && (last & SnowflakeLayout.MAX_SEQUENCE) < SnowflakeLayout.MAX_SEQUENCE) {
				return last + 1;
			}
			awaitClock(last, lastMillis, now);
		}
	}

	private long timestampBits(long millis) {
		if (millis > SnowflakeLayout.MAX_TIMESTAMP) {
			throw new IllegalStateException("Timestamps of this layout ran out at " + this.layout.lastTimestamp()
					+ ": choose a later epoch (xxx.common.id-epoch) for new ids");
		}
		return millis << SnowflakeLayout.TIMESTAMP_SHIFT;
	}

	/**
	 * Waits until the clock allows an id after {@code last}: for the next millisecond when the
	 * sequence is used up, or for the clock to catch up when it is behind within the tolerance.
	 */
	private void awaitClock(long last, long lastMillis, long now) {
		boolean sequenceUsedUp = (last & SnowflakeLayout.MAX_SEQUENCE) == SnowflakeLayout.MAX_SEQUENCE;
		long target = sequenceUsedUp ? lastMillis + 1 : lastMillis;
		boolean counted = false;
		for (long current = now; current < target; current = this.clock.millis() - this.epochMillis) {
			// checked on every reading: the clock may step back further while we wait
			long behind = lastMillis - current;
			if (behind > this.toleranceMillis) {
				this.clockBackwardsFailures.incrementAndGet();
				throw new ClockMovedBackwardsException(behind, this.toleranceMillis,
						Instant.ofEpochMilli(lastMillis + this.epochMillis));
			}
			if (!counted) {
				(behind > 0 ? this.clockBackwardsWaits : this.sequenceExhaustedWaits).incrementAndGet();
				counted = true;
			}
			long gap = target - current;
			if (gap > 1) {
				// a clock step back: sleep off all but the last millisecond rather than burn a core
				LockSupport.parkNanos((gap - 1) * 1_000_000L);
			}
			else {
				Thread.onSpinWait();
			}
		}
	}

	/**
	 * Returns the last id issued, or the point the generator was told to continue after.
	 * @return an id; every later id of this generator is greater
	 */
	public long lastIssuedId() {
		return this.lastId.get();
	}

	@Override
	public long issuedIds() {
		return this.issued.sum();
	}

	@Override
	public long sequenceExhaustedWaits() {
		return this.sequenceExhaustedWaits.get();
	}

	@Override
	public long clockBackwardsWaits() {
		return this.clockBackwardsWaits.get();
	}

	@Override
	public long clockBackwardsFailures() {
		return this.clockBackwardsFailures.get();
	}

	/**
	 * Returns the worker id.
	 * @return 0..31
	 */
	public int getWorkerId() {
		return this.workerId;
	}

	/**
	 * Returns the datacenter id.
	 * @return 0..31
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
		return Duration.ofMillis(this.toleranceMillis);
	}

	@Override
	public String toString() {
		return "IdServiceTwitter[workerId=" + this.workerId + ", datacenterId=" + this.datacenterId + ", epoch="
				+ this.layout.epoch() + "]";
	}

	/**
	 * Builds an {@link IdServiceTwitter}.
	 */
	public static final class Builder {

		private long workerId;

		private long datacenterId;

		private Instant epoch = SnowflakeLayout.DEFAULT_EPOCH;

		private Duration clockBackwardsTolerance = DEFAULT_CLOCK_BACKWARDS_TOLERANCE;

		private MillisClock clock = MillisClock.SYSTEM;

		private Long continueAfter;

		private Builder() {
		}

		/**
		 * Sets the worker id.
		 * @param workerId 0..31
		 * @return this builder
		 */
		public Builder workerId(long workerId) {
			this.workerId = workerId;
			return this;
		}

		/**
		 * Sets the datacenter id.
		 * @param datacenterId 0..31
		 * @return this builder
		 */
		public Builder datacenterId(long datacenterId) {
			this.datacenterId = datacenterId;
			return this;
		}

		/**
		 * Sets the epoch, the instant that timestamp 0 stands for.
		 * @param epoch a whole millisecond, not in the future, less than 2^41 ms in the past
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
		 * Makes the generator issue only ids from milliseconds after the one {@code id} was issued in,
		 * so that it continues another generator's ids in increasing order.
		 * @param id an id with the same epoch, typically the other generator's
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
		 */
		public IdServiceTwitter build() {
			return new IdServiceTwitter(this);
		}

	}

}
