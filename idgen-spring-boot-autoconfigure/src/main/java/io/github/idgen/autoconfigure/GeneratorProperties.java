package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.time.Instant;

import io.github.idgen.snowflake.SequenceStart;
import org.jspecify.annotations.Nullable;

/**
 * The layout of one named generator, under {@code xxx.common.generators.<name>.*}: the same keys as
 * the default generator's {@code xxx.common.id-*} layout keys, without the {@code id-}.
 */
public class GeneratorProperties {

	/**
	 * Layout of the generator's ids: 'twitter', 'javascript-safe' (every id below 2^53), 'leaf',
	 * 'mybatis-plus', 'yitter', 'sonyflake' (those libraries' defaults) or 'custom' (the time-unit and *-bits keys of
	 * this generator).
	 */
	private IdLayout layout = IdLayout.TWITTER;

	/**
	 * Time unit of the timestamp of the custom layout, from 1ms to 1s in whole milliseconds.
	 */
	private @Nullable Duration timeUnit;

	/**
	 * Bits of the timestamp of the custom layout: enough for at least 10 years at the time unit.
	 */
	private @Nullable Integer timestampBits;

	/**
	 * Bits of the datacenter id of the custom layout, 0 or more.
	 */
	private @Nullable Integer datacenterBits;

	/**
	 * Bits of the worker id of the custom layout; with the datacenter bits, room for every node id the
	 * instance may hold.
	 */
	private @Nullable Integer workerBits;

	/**
	 * Bits of the sequence of the custom layout: a node issues up to 2^sequence-bits ids per time unit.
	 */
	private @Nullable Integer sequenceBits;

	/**
	 * Instant that timestamp 0 of the generator's ids stands for; the layout's own epoch if not set.
	 * Never change it for a running system: ids could repeat.
	 */
	private @Nullable Instant epoch;

	/**
	 * Where the sequence of a new time unit starts: 'zero', or 'rotate' to spread the low bits of ids
	 * issued at low traffic evenly.
	 */
	private SequenceStart sequenceStart = SequenceStart.ZERO;

	/**
	 * Bits of the shard, the lowest of the generator's ids, 1 to 10: an id issued for shard s has id
	 * mod 2^shard-bits == s, so a table split over n databases (n dividing 2^shard-bits) finds a row by
	 * id mod n. With the 'twitter' or 'javascript-safe' layout they come out of the sequence, leaving
	 * 2^(12 - shard-bits) ids per time unit per node; with 'custom' they are added to the other bits.
	 * Not set (or 0): ids without a shard, today's ids. Never change it for a running system.
	 */
	private @Nullable Integer shardBits;

	/**
	 * Largest id already used where this generator's ids go: start-up fails if the generator's next id
	 * would not be above it. Not checked unless set.
	 */
	private @Nullable Long idsAbove;

	/**
	 * One SQL query on the application's DataSource that returns the largest id already used, such as
	 * 'SELECT max(id) FROM orders', run once at start-up: start-up fails if the generator's next id would
	 * not be above it. Instead of ids-above.
	 */
	private @Nullable String idsAboveQuery;

	public @Nullable Long getIdsAbove() {
		return this.idsAbove;
	}

	public void setIdsAbove(@Nullable Long idsAbove) {
		this.idsAbove = idsAbove;
	}

	public @Nullable String getIdsAboveQuery() {
		return this.idsAboveQuery;
	}

	public void setIdsAboveQuery(@Nullable String idsAboveQuery) {
		this.idsAboveQuery = idsAboveQuery;
	}

	public IdLayout getLayout() {
		return this.layout;
	}

	public void setLayout(IdLayout layout) {
		this.layout = layout;
	}

	public @Nullable Duration getTimeUnit() {
		return this.timeUnit;
	}

	public void setTimeUnit(@Nullable Duration timeUnit) {
		this.timeUnit = timeUnit;
	}

	public @Nullable Integer getTimestampBits() {
		return this.timestampBits;
	}

	public void setTimestampBits(@Nullable Integer timestampBits) {
		this.timestampBits = timestampBits;
	}

	public @Nullable Integer getDatacenterBits() {
		return this.datacenterBits;
	}

	public void setDatacenterBits(@Nullable Integer datacenterBits) {
		this.datacenterBits = datacenterBits;
	}

	public @Nullable Integer getWorkerBits() {
		return this.workerBits;
	}

	public void setWorkerBits(@Nullable Integer workerBits) {
		this.workerBits = workerBits;
	}

	public @Nullable Integer getSequenceBits() {
		return this.sequenceBits;
	}

	public void setSequenceBits(@Nullable Integer sequenceBits) {
		this.sequenceBits = sequenceBits;
	}

	public @Nullable Instant getEpoch() {
		return this.epoch;
	}

	public void setEpoch(@Nullable Instant epoch) {
		this.epoch = epoch;
	}

	public @Nullable Integer getShardBits() {
		return this.shardBits;
	}

	public void setShardBits(@Nullable Integer shardBits) {
		this.shardBits = shardBits;
	}

	public SequenceStart getSequenceStart() {
		return this.sequenceStart;
	}

	public void setSequenceStart(SequenceStart sequenceStart) {
		this.sequenceStart = sequenceStart;
	}

}
