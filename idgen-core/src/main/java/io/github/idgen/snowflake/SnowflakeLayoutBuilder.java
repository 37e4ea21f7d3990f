package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Builds a {@link SnowflakeLayout}; starts with the values of {@link SnowflakeLayout#TWITTER}.
 */
public final class SnowflakeLayoutBuilder {

	private Duration timeUnit = Duration.ofMillis(1);

	private int timestampBits = 41;

	private int datacenterBits = 5;

	private int workerBits = 5;

	private int sequenceBits = 12;

	private int shardBits;

	private Instant epoch = SnowflakeLayout.DEFAULT_EPOCH;

	private boolean sequenceAboveNode;

	SnowflakeLayoutBuilder() {
	}

	SnowflakeLayoutBuilder(SnowflakeLayout from) {
		this.timeUnit = from.timeUnit();
		this.timestampBits = from.timestampBits();
		this.datacenterBits = from.datacenterBits();
		this.workerBits = from.workerBits();
		this.sequenceBits = from.sequenceBits();
		this.shardBits = from.shardBits();
		this.epoch = from.epoch();
		this.sequenceAboveNode = from.sequenceAboveNode();
	}

	/**
	 * Sets the time unit of the timestamp.
	 * @param timeUnit 1 ms to 1 s, whole milliseconds
	 * @return this builder
	 */
	public SnowflakeLayoutBuilder timeUnit(Duration timeUnit) {
		this.timeUnit = Objects.requireNonNull(timeUnit, "timeUnit must not be null");
		return this;
	}

	/**
	 * Sets the bits of the timestamp.
	 * @param timestampBits enough for at least 10 years at the time unit
	 * @return this builder
	 */
	public SnowflakeLayoutBuilder timestampBits(int timestampBits) {
		this.timestampBits = timestampBits;
		return this;
	}

	/**
	 * Sets the bits of the datacenter id.
	 * @param datacenterBits 0 or more; with the worker bits at most 31
	 * @return this builder
	 */
	public SnowflakeLayoutBuilder datacenterBits(int datacenterBits) {
		this.datacenterBits = datacenterBits;
		return this;
	}

	/**
	 * Sets the bits of the worker id.
	 * @param workerBits 1 or more; with the datacenter bits at most 31
	 * @return this builder
	 */
	public SnowflakeLayoutBuilder workerBits(int workerBits) {
		this.workerBits = workerBits;
		return this;
	}

	/**
	 * Sets the bits of the sequence: a node issues up to 2^sequenceBits ids per time unit.
	 * @param sequenceBits 1 to 31
	 * @return this builder
	 */
	public SnowflakeLayoutBuilder sequenceBits(int sequenceBits) {
		this.sequenceBits = sequenceBits;
		return this;
	}

	/**
	 * Sets the bits of the shard, below the sequence: ids of the layout carry a shard in their lowest
	 * bits (see {@link ShardedGenerator}). They are added to the other fields; to keep a preset's
	 * width, take them off its sequence bits.
	 * @param shardBits 0 (no shard, the default) to {@link io.github.idgen.shard.Shards#MAX_SHARD_BITS}
	 * @return this builder
	 */
	public SnowflakeLayoutBuilder shardBits(int shardBits) {
		this.shardBits = shardBits;
		return this;
	}

	/**
	 * Sets the epoch, the instant that timestamp 0 stands for.
	 * @param epoch a whole millisecond from 1970 on
	 * @return this builder
	 */
	public SnowflakeLayoutBuilder epoch(Instant epoch) {
		this.epoch = Objects.requireNonNull(epoch, "epoch must not be null");
		return this;
	}

	/**
	 * Builds the layout.
	 * @return the layout
	 * @throws InvalidLayoutException naming the first parameter that breaks a rule: a time unit
	 * outside 1 ms to 1 s or not whole milliseconds; fields without bits (the datacenter id may
	 * have none); more than 31 node or sequence bits; shard bits outside 0 to 10; more than 63 bits in all; fewer than 10
	 * years of timestamps; an epoch before 1970 or not a whole millisecond
	 */
	/**
	 * Puts the sequence above the node id, as Sonyflake does ({@code timestamp | sequence | node id}):
	 * the ids of one time unit and node are then 2^(datacenter + worker bits) apart.
	 * @param sequenceAboveNode true for that order; false (the default) for Twitter's
	 * @return this builder
	 */
	public SnowflakeLayoutBuilder sequenceAboveNode(boolean sequenceAboveNode) {
		this.sequenceAboveNode = sequenceAboveNode;
		return this;
	}

	public SnowflakeLayout build() {
		LayoutRules.checkTimeUnit(this.timeUnit);
		LayoutRules.checkBits(this.timestampBits, this.datacenterBits, this.workerBits, this.sequenceBits,
				this.shardBits);
		LayoutRules.checkSpan(this.timestampBits, this.timeUnit.toMillis());
		LayoutRules.checkEpoch(this.epoch);
		return new SnowflakeLayout(this.timeUnit, this.timestampBits, this.datacenterBits, this.workerBits,
				this.sequenceBits, this.shardBits, this.epoch, this.sequenceAboveNode);
	}

}
