package io.github.idgen.snowflake;

import java.time.Instant;
import java.util.List;

/**
 * The field arithmetic of a {@link SnowflakeLayout}: putting an id together from its fields and
 * taking it apart, and the values that make two layouts equal. Kept apart from the layout so that the
 * layout holds its parameters and their derived sizes only.
 */
final class LayoutFields {

	private LayoutFields() {
	}

	static long compose(SnowflakeLayout layout, Instant timestamp, int datacenterId, int workerId, int sequence,
			int shard) {
		Instant end = layout.lastTimestamp().plus(layout.timeUnit());
		if (timestamp.isBefore(layout.epoch()) || !timestamp.isBefore(end)) {
			throw new IllegalArgumentException(
					"timestamp must be from " + layout.epoch() + " and before " + end + ", was " + timestamp);
		}
		long units = layout.unitsSinceEpoch(timestamp.toEpochMilli());
		int shardBits = layout.shardBits();
		return (units << layout.timestampShift())
				| ((long) layout.nodeId(datacenterId, workerId) << (layout.sequenceBits() + shardBits))
				| ((long) LayoutRules.checkField("sequence", sequence, layout.maxSequence()) << shardBits)
				| LayoutRules.checkField("shard", shard, layout.maxShard());
	}

	static SnowflakeId decompose(SnowflakeLayout layout, long id) {
		if (id < 0 || id > layout.maxId()) {
			throw new IllegalArgumentException(
					"id must be between 0 and " + layout.maxId() + " (" + layout + "), was " + id);
		}
		int shardBits = layout.shardBits();
		int nodeId = (int) ((id >>> (layout.sequenceBits() + shardBits)) & layout.maxNodeId());
		return new SnowflakeId(id, Instant.ofEpochMilli(layout.timestampMillis(id)), nodeId >>> layout.workerBits(),
				nodeId & layout.maxWorkerId(), (int) ((id >>> shardBits) & layout.maxSequence()),
				(int) (id & layout.maxShard()));
	}

	/** The values two equal layouts share: time unit, bits of every field, epoch. */
	static List<Long> key(SnowflakeLayout layout) {
		return List.of(layout.timeUnitMillis(), (long) layout.timestampBits(), (long) layout.datacenterBits(),
				(long) layout.workerBits(), (long) layout.sequenceBits(), (long) layout.shardBits(), layout.epochMillis());
	}

	static String describe(SnowflakeLayout layout) {
		return "SnowflakeLayout[unit " + LayoutRules.describe(layout.timeUnit()) + ", timestamp " + layout.timestampBits()
				+ " | datacenter " + layout.datacenterBits() + " | worker " + layout.workerBits() + " | sequence "
				+ layout.sequenceBits() + ((layout.shardBits() > 0) ? " | shard " + layout.shardBits() : "")
				+ ", epoch " + layout.epoch() + "]";
	}

}
