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
		long node = layout.nodeId(datacenterId, workerId);
		long checkedSequence = LayoutRules.checkField("sequence", sequence, layout.maxSequence());
		return (units << layout.timestampShift()) | (node << (nodeShift(layout) + shardBits))
				| (checkedSequence << (sequenceShift(layout) + shardBits))
				| LayoutRules.checkField("shard", shard, layout.maxShard());
	}

	static SnowflakeId decompose(SnowflakeLayout layout, long id) {
		if (id < 0 || id > layout.maxId()) {
			throw new IllegalArgumentException(
					"id must be between 0 and " + layout.maxId() + " (" + layout + "), was " + id);
		}
		int shardBits = layout.shardBits();
		int nodeId = (int) ((id >>> (nodeShift(layout) + shardBits)) & layout.maxNodeId());
		return new SnowflakeId(id, Instant.ofEpochMilli(layout.timestampMillis(id)), nodeId >>> layout.workerBits(),
				nodeId & layout.maxWorkerId(), (int) ((id >>> (sequenceShift(layout) + shardBits)) & layout.maxSequence()),
				(int) (id & layout.maxShard()));
	}

	/** Where the node id starts above the shard: above the sequence, or at the bottom in Sonyflake's order. */
	static int nodeShift(SnowflakeLayout layout) {
		return layout.sequenceAboveNode() ? 0 : layout.sequenceBits();
	}

	/** Where the sequence starts above the shard: at the bottom, or above the node id in Sonyflake's order. */
	static int sequenceShift(SnowflakeLayout layout) {
		return layout.sequenceAboveNode() ? layout.datacenterBits() + layout.workerBits() : 0;
	}

	/** The fields from the high bits down, such as {@code timestamp 41 | datacenter 5 | worker 5 | sequence 12}. */
	static String fields(SnowflakeLayout layout) {
		String node = "datacenter " + layout.datacenterBits() + " | worker " + layout.workerBits();
		String sequence = "sequence " + layout.sequenceBits();
		return "timestamp " + layout.timestampBits() + " | "
				+ (layout.sequenceAboveNode() ? sequence + " | " + node : node + " | " + sequence)
				+ ((layout.shardBits() > 0) ? " | shard " + layout.shardBits() : "");
	}

	/** The values two equal layouts share: time unit, bits of every field, epoch. */
	static List<Long> key(SnowflakeLayout layout) {
		return List.of(layout.timeUnitMillis(), (long) layout.timestampBits(), (long) layout.datacenterBits(),
				(long) layout.workerBits(), (long) layout.sequenceBits(), (long) layout.shardBits(), layout.epochMillis(),
				layout.sequenceAboveNode() ? 1L : 0L);
	}

	static String describe(SnowflakeLayout layout) {
		return "SnowflakeLayout[unit " + LayoutRules.describe(layout.timeUnit()) + ", " + fields(layout) + ", epoch "
				+ layout.epoch() + "]";
	}

}
