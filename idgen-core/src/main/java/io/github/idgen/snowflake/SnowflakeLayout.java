package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;

/**
 * The shape of a Snowflake id, as an immutable value: from the high bits down, {@code sign 0 |
 * timestamp | datacenter id | worker id | sequence | shard}, at most 63 bits in all (the shard only
 * in layouts with {@link #shardBits()}, issued by a {@link ShardedGenerator}), the timestamp counted
 * in time units (1 ms to 1 s) since the epoch. Presets {@link #TWITTER} (today's ids) and
 * {@link #JAVASCRIPT_SAFE}; any other through {@link #builder()}. An id stamped with unit {@code u}
 * was made while the clock read a millisecond in {@code [epoch + u * unit, epoch + (u + 1) * unit)};
 * {@link #timestampMillis(long)} gives the first of them, the millisecond a lease compares with its
 * high-water marks (see {@link IdServiceTwitter}).
 */
public final class SnowflakeLayout {

	/** Twitter's epoch, 2010-11-04T01:42:54.657Z (1288834974657 ms), the epoch of {@link #TWITTER}. */
	public static final Instant DEFAULT_EPOCH = Instant.ofEpochMilli(1288834974657L);

	/** 2026-01-01T00:00:00Z, the epoch of {@link #JAVASCRIPT_SAFE}: its ids last until 2094. */
	public static final Instant JAVASCRIPT_SAFE_EPOCH = Instant.parse("2026-01-01T00:00:00Z");

	/**
	 * Twitter's layout: 1 ms, 41 timestamp bits (69.7 years), 5 datacenter bits, 5 worker bits, 12
	 * sequence bits (4,096,000 ids per second per node), Twitter's epoch. The default: ids bit for bit
	 * those of idgen before layouts could be chosen.
	 */
	public static final SnowflakeLayout TWITTER = builder().build();

	/**
	 * Ids that a JavaScript number holds exactly: 1 s, 31 timestamp bits (68 years), 5 datacenter bits,
	 * 5 worker bits (1024 nodes), 12 sequence bits (4096 ids per second per node), 53 bits in all, so
	 * every id is below 2^53 (9007199254740992); epoch {@link #JAVASCRIPT_SAFE_EPOCH}.
	 */
	public static final SnowflakeLayout JAVASCRIPT_SAFE = builder().timeUnit(Duration.ofSeconds(1))
		.timestampBits(31)
		.epoch(JAVASCRIPT_SAFE_EPOCH)
		.build();

	private final Duration timeUnit;

	private final long unitMillis;

	private final int timestampBits;

	private final int datacenterBits;

	private final int workerBits;

	private final int sequenceBits;

	private final int shardBits;

	private final Instant epoch;

	private final long epochMillis;

	/** Sonyflake's order: the sequence above the node id instead of below it. */
	private final boolean sequenceAboveNode;

	SnowflakeLayout(Duration timeUnit, int timestampBits, int datacenterBits, int workerBits, int sequenceBits,
			int shardBits, Instant epoch, boolean sequenceAboveNode) {
		this.timeUnit = timeUnit;
		this.unitMillis = timeUnit.toMillis();
		this.timestampBits = timestampBits;
		this.datacenterBits = datacenterBits;
		this.workerBits = workerBits;
		this.sequenceBits = sequenceBits;
		this.shardBits = shardBits;
		this.epoch = epoch;
		this.epochMillis = epoch.toEpochMilli();
		this.sequenceAboveNode = sequenceAboveNode;
	}

	/**
	 * Starts a builder with the values of {@link #TWITTER}, for a custom layout.
	 * @return a new builder
	 */
	public static SnowflakeLayoutBuilder builder() {
		return new SnowflakeLayoutBuilder();
	}

	/**
	 * Starts a builder with this layout's values.
	 * @return a new builder
	 */
	public SnowflakeLayoutBuilder toBuilder() {
		return new SnowflakeLayoutBuilder(this);
	}

	/**
	 * Returns this layout with another epoch.
	 * @param epoch the instant that timestamp 0 stands for
	 * @return the layout, this one if the epoch is the same
	 * @throws InvalidLayoutException if the epoch is before 1970 or not a whole millisecond
	 */
	public SnowflakeLayout withEpoch(Instant epoch) {
		return this.epoch.equals(epoch) ? this : toBuilder().epoch(epoch).build();
	}

	/**
	 * Checks that this layout can issue ids at the given time: its epoch is not later, and its
	 * timestamps have not run out.
	 * @param nowMillis the clock's reading, in milliseconds since 1970
	 * @throws InvalidLayoutException naming {@link LayoutParameter#EPOCH} if not
	 */
	public void checkIssuableAt(long nowMillis) {
		LayoutRules.checkIssuableAt(this, nowMillis);
	}

	/**
	 * Returns the time unit of the timestamp.
	 * @return 1 ms to 1 s, whole milliseconds
	 */
	public Duration timeUnit() {
		return this.timeUnit;
	}

	/** @return the time unit in milliseconds: 1 to 1000 */
	public long timeUnitMillis() {
		return this.unitMillis;
	}

	/** @return the bits of the timestamp: the width of the timestamp field */
	public int timestampBits() {
		return this.timestampBits;
	}

	/** @return the bits of the datacenter id: the width of the datacenter id field, 0 for none */
	public int datacenterBits() {
		return this.datacenterBits;
	}

	/** @return the bits of the worker id: the width of the worker id field */
	public int workerBits() {
		return this.workerBits;
	}

	/** @return the bits of the sequence: the width of the sequence field */
	public int sequenceBits() {
		return this.sequenceBits;
	}

	/**
	 * Returns the bits of the shard, the lowest of the id: an id issued for shard {@code s} has
	 * {@code id mod 2^shardBits == s}.
	 * @return 0 (ids carry no shard) to {@link io.github.idgen.shard.Shards#MAX_SHARD_BITS}
	 */
	public int shardBits() {
		return this.shardBits;
	}

	/**
	 * Says whether the sequence lies above the node id ({@code timestamp | sequence | node id}, as
	 * Sonyflake's ids) instead of below it.
	 * @return true for that order; false for Twitter's, every preset's but {@code sonyflake}
	 */
	public boolean sequenceAboveNode() {
		return this.sequenceAboveNode;
	}

	/**
	 * Returns the epoch.
	 * @return the instant that timestamp 0 stands for
	 */
	public Instant epoch() {
		return this.epoch;
	}

	/** @return the epoch in milliseconds since 1970 */
	public long epochMillis() {
		return this.epochMillis;
	}

	/**
	 * Returns the position of the timestamp: an id shifted right by this is its time units since the
	 * epoch.
	 * @return the shift of the timestamp field
	 */
	public int timestampShift() {
		return this.shardBits + this.sequenceBits + this.workerBits + this.datacenterBits;
	}

	/** @return the largest timestamp: 2^timestampBits - 1, in time units since the epoch */
	public long maxTimestamp() {
		return (1L << this.timestampBits) - 1;
	}

	/** @return the largest datacenter id: 2^datacenterBits - 1; 0 for a layout without datacenter bits */
	public int maxDatacenterId() {
		return (int) ((1L << this.datacenterBits) - 1);
	}

	/** @return the largest worker id: 2^workerBits - 1 */
	public int maxWorkerId() {
		return (int) ((1L << this.workerBits) - 1);
	}

	/** @return the largest node id: 2^(datacenterBits + workerBits) - 1 */
	public int maxNodeId() {
		return (int) ((1L << (this.datacenterBits + this.workerBits)) - 1);
	}

	/** @return the largest sequence value: 2^sequenceBits - 1 */
	public int maxSequence() {
		return (int) ((1L << this.sequenceBits) - 1);
	}

	/** @return the largest shard: 2^shardBits - 1; 0 for a layout without shard bits */
	public int maxShard() {
		return (1 << this.shardBits) - 1;
	}

	/** @return the largest id of this layout: the id with every bit of every field set */
	public long maxId() {
		return (1L << (this.timestampBits + timestampShift())) - 1;
	}

	/**
	 * Returns how many ids one node can issue in one time unit.
	 * @return 2^sequenceBits
	 */
	public long idsPerUnit() {
		return 1L << this.sequenceBits;
	}

	/**
	 * Returns how many ids one node can issue in one second.
	 * @return ids per unit times units per second, rounded down
	 */
	public long idsPerSecond() {
		return idsPerUnit() * 1000 / this.unitMillis;
	}

	/**
	 * Returns how many years of timestamps the layout covers from its epoch.
	 * @return 2^timestampBits time units in Julian years (365.25 days)
	 */
	public double yearsCovered() {
		return (double) (this.unitMillis << this.timestampBits) / LayoutRules.MILLIS_PER_YEAR;
	}

	/**
	 * Returns the node id of a datacenter id and a worker id.
	 * @param datacenterId 0..{@link #maxDatacenterId()}
	 * @param workerId 0..{@link #maxWorkerId()}
	 * @return {@code datacenterId * 2^workerBits + workerId}
	 * @throws IllegalArgumentException if an id is out of range
	 */
	public int nodeId(int datacenterId, int workerId) {
		LayoutRules.checkField("datacenterId", datacenterId, maxDatacenterId());
		LayoutRules.checkField("workerId", workerId, maxWorkerId());
		return (datacenterId << this.workerBits) | workerId;
	}

	/**
	 * Returns the datacenter id of a node id.
	 * @param nodeId 0..{@link #maxNodeId()}
	 * @return its datacenter id
	 */
	public int datacenterIdOf(int nodeId) {
		return LayoutRules.checkField("nodeId", nodeId, maxNodeId()) >>> this.workerBits;
	}

	/**
	 * Returns the worker id of a node id.
	 * @param nodeId 0..{@link #maxNodeId()}
	 * @return its worker id
	 */
	public int workerIdOf(int nodeId) {
		return LayoutRules.checkField("nodeId", nodeId, maxNodeId()) & maxWorkerId();
	}

	/**
	 * Returns the time units since the epoch of a wall-clock millisecond: the timestamp an id made
	 * then carries.
	 * @param millis milliseconds since 1970
	 * @return {@code floor((millis - epoch) / unit)}, negative before the epoch
	 */
	public long unitsSinceEpoch(long millis) {
		return Math.floorDiv(millis - this.epochMillis, this.unitMillis);
	}

	/**
	 * Returns the first millisecond of the time unit that holds the given one.
	 * @param millis milliseconds since 1970
	 * @return milliseconds since 1970, at most {@code millis}
	 */
	public long unitStartMillis(long millis) {
		return this.epochMillis + unitsSinceEpoch(millis) * this.unitMillis;
	}

	/**
	 * Returns the first millisecond of the time unit after the one that holds the given one: the
	 * first time a clock is past that unit.
	 * @param millis milliseconds since 1970
	 * @return milliseconds since 1970, greater than {@code millis}
	 */
	public long nextUnitStartMillis(long millis) {
		return unitStartMillis(millis) + this.unitMillis;
	}

	/**
	 * Returns the first millisecond of the time unit an id was issued in.
	 * @param id an id of this layout
	 * @return milliseconds since 1970
	 */
	public long timestampMillis(long id) {
		return (id >>> timestampShift()) * this.unitMillis + this.epochMillis;
	}

	/**
	 * Returns the start of the last time unit this layout can express.
	 * @return the epoch plus {@link #maxTimestamp()} time units
	 */
	public Instant lastTimestamp() {
		return Instant.ofEpochMilli(this.epochMillis + maxTimestamp() * this.unitMillis);
	}

	/**
	 * Returns how long this layout can still issue ids after the given instant.
	 * @param now the instant to measure from
	 * @return the time until {@link #lastTimestamp()}, or {@link Duration#ZERO} when it has passed
	 */
	public Duration timeLeft(Instant now) {
		Duration left = Duration.between(now, lastTimestamp());
		return left.isNegative() ? Duration.ZERO : left;
	}

	/**
	 * Puts an id together, with shard 0 if the layout has shard bits.
	 * @param timestamp an instant from the epoch to the end of the last time unit; the id carries the
	 * time unit that holds it
	 * @param datacenterId 0..{@link #maxDatacenterId()}
	 * @param workerId 0..{@link #maxWorkerId()}
	 * @param sequence 0..{@link #maxSequence()}
	 * @return the id
	 * @throws IllegalArgumentException naming the argument that is out of range
	 */
	public long compose(Instant timestamp, int datacenterId, int workerId, int sequence) {
		return LayoutFields.compose(this, timestamp, datacenterId, workerId, sequence, 0);
	}

	/**
	 * Puts an id together, with a shard in its lowest {@link #shardBits()} bits.
	 * @param timestamp as {@link #compose(Instant, int, int, int)}
	 * @param datacenterId 0..{@link #maxDatacenterId()}
	 * @param workerId 0..{@link #maxWorkerId()}
	 * @param sequence 0..{@link #maxSequence()}
	 * @param shard 0..{@link #maxShard()}
	 * @return the id
	 * @throws IllegalArgumentException naming the argument that is out of range
	 */
	public long compose(Instant timestamp, int datacenterId, int workerId, int sequence, int shard) {
		return LayoutFields.compose(this, timestamp, datacenterId, workerId, sequence, shard);
	}

	/**
	 * Takes an id apart.
	 * @param id an id of this layout
	 * @return its fields; the timestamp is the first millisecond of the id's time unit
	 * @throws IllegalArgumentException if {@code id} is negative or above {@link #maxId()}
	 */
	public SnowflakeId decompose(long id) {
		return LayoutFields.decompose(this, id);
	}

	/** @return the fields from the high bits down, such as {@code timestamp 41 | datacenter 5 | worker 5 | sequence 12} */
	public String fields() {
		return LayoutFields.fields(this);
	}

	@Override
	public boolean equals(Object other) {
		return (other instanceof SnowflakeLayout that) && LayoutFields.key(this).equals(LayoutFields.key(that));
	}

	@Override
	public int hashCode() {
		return LayoutFields.key(this).hashCode();
	}

	@Override
	public String toString() {
		return LayoutFields.describe(this);
	}

}
