package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The Twitter Snowflake layout of a 64-bit id: {@code 0 | 41 bits milliseconds since the epoch |
 * 5 bits datacenter id | 5 bits worker id | 12 bits sequence}. An instance fixes the epoch, so that
 * ids can be taken apart again.
 */
public final class SnowflakeLayout {

	/** Bits of the sequence within one millisecond. */
	public static final int SEQUENCE_BITS = 12;

	/** Bits of the worker id. */
	public static final int WORKER_ID_BITS = 5;

	/** Bits of the datacenter id. */
	public static final int DATACENTER_ID_BITS = 5;

	/** Bits of the timestamp (milliseconds since the epoch). */
	public static final int TIMESTAMP_BITS = 41;

	/** Largest worker id: 31. */
	public static final int MAX_WORKER_ID = (1 << WORKER_ID_BITS) - 1;

	/** Largest datacenter id: 31. */
	public static final int MAX_DATACENTER_ID = (1 << DATACENTER_ID_BITS) - 1;

	/** Largest node id (datacenter id and worker id together, 10 bits): 1023. */
	public static final int MAX_NODE_ID = (1 << (DATACENTER_ID_BITS + WORKER_ID_BITS)) - 1;

	/** Largest sequence value: 4095, so one node issues at most 4096 ids per millisecond. */
	public static final int MAX_SEQUENCE = (1 << SEQUENCE_BITS) - 1;

	/** Largest timestamp: about 69.7 years of milliseconds after the epoch. */
	public static final long MAX_TIMESTAMP = (1L << TIMESTAMP_BITS) - 1;

	static final int WORKER_ID_SHIFT = SEQUENCE_BITS;

	static final int DATACENTER_ID_SHIFT = SEQUENCE_BITS + WORKER_ID_BITS;

	/** Position of the timestamp: an id shifted right by this is its milliseconds since the epoch. */
	public static final int TIMESTAMP_SHIFT = SEQUENCE_BITS + WORKER_ID_BITS + DATACENTER_ID_BITS;

	/** Twitter's epoch, 2010-11-04T01:42:54.657Z (1288834974657 ms), used unless another is set. */
	public static final Instant DEFAULT_EPOCH = Instant.ofEpochMilli(1288834974657L);

	private static final SnowflakeLayout DEFAULT = new SnowflakeLayout(DEFAULT_EPOCH);

	private final Instant epoch;

	private final long epochMillis;

	private SnowflakeLayout(Instant epoch) {
		this.epoch = epoch;
		this.epochMillis = epoch.toEpochMilli();
	}

	/**
	 * Returns the layout with Twitter's epoch.
	 * @return the default layout
	 */
	public static SnowflakeLayout withDefaultEpoch() {
		return DEFAULT;
	}

	/**
	 * Returns the layout with the given epoch.
	 * @param epoch the instant that timestamp 0 stands for; not before 1970-01-01T00:00:00Z
	 * @return the layout
	 * @throws IllegalArgumentException if {@code epoch} is before 1970 or has sub-millisecond parts
	 */
	public static SnowflakeLayout withEpoch(Instant epoch) {
		Objects.requireNonNull(epoch, "epoch must not be null");
		if (epoch.isBefore(Instant.EPOCH)) {
			throw new IllegalArgumentException("epoch must not be before 1970-01-01T00:00:00Z, was " + epoch);
		}
		if (epoch.getNano() % 1_000_000 != 0) {
			throw new IllegalArgumentException("epoch must be a whole millisecond, was " + epoch);
		}
		return DEFAULT_EPOCH.equals(epoch) ? DEFAULT : new SnowflakeLayout(epoch);
	}

	/**
	 * Returns the epoch.
	 * @return the instant that timestamp 0 stands for
	 */
	public Instant epoch() {
		return this.epoch;
	}

	/**
	 * Returns the epoch in milliseconds since 1970.
	 * @return the epoch in milliseconds
	 */
	public long epochMillis() {
		return this.epochMillis;
	}

	/**
	 * Returns the last instant this layout can express.
	 * @return the epoch plus {@link #MAX_TIMESTAMP} milliseconds
	 */
	public Instant lastTimestamp() {
		return Instant.ofEpochMilli(this.epochMillis + MAX_TIMESTAMP);
	}

	/**
	 * Returns how long this layout can still issue ids after the given instant.
	 * @param now the instant to measure from
	 * @return the time left, or {@link Duration#ZERO} when the layout has run out
	 */
	public Duration timeLeft(Instant now) {
		Duration left = Duration.between(now, lastTimestamp());
		return left.isNegative() ? Duration.ZERO : left;
	}

	/**
	 * Takes an id apart.
	 * @param id an id issued with this layout's epoch
	 * @return its fields
	 * @throws IllegalArgumentException if {@code id} is negative
	 */
	public SnowflakeId decompose(long id) {
		if (id < 0) {
			throw new IllegalArgumentException("id must not be negative, was " + id);
		}
		return new SnowflakeId(id, Instant.ofEpochMilli(timestampMillis(id)),
				(int) ((id >>> DATACENTER_ID_SHIFT) & MAX_DATACENTER_ID), (int) ((id >>> WORKER_ID_SHIFT) & MAX_WORKER_ID),
				(int) (id & MAX_SEQUENCE));
	}

	/**
	 * Returns the wall-clock millisecond an id was issued in.
	 * @param id an id issued with this layout's epoch
	 * @return milliseconds since 1970
	 */
	public long timestampMillis(long id) {
		return (id >>> TIMESTAMP_SHIFT) + this.epochMillis;
	}

	@Override
	public String toString() {
		return "SnowflakeLayout[1|41|5|5|12, epoch=" + this.epoch + "]";
	}

}
