package io.github.idgen.snowflake;

import java.time.Instant;

/**
 * An id taken apart into its Snowflake fields.
 *
 * @param id the id itself
 * @param timestamp the first millisecond of the time unit the id was issued in
 * @param datacenterId the datacenter id, 0..{@link SnowflakeLayout#maxDatacenterId()}
 * @param workerId the worker id, 0..{@link SnowflakeLayout#maxWorkerId()}
 * @param sequence the position of the id within its time unit, 0..{@link SnowflakeLayout#maxSequence()}
 * @param shard the shard the id carries in its lowest bits, 0..{@link SnowflakeLayout#maxShard()}; 0 for
 * a layout without shard bits
 */
public record SnowflakeId(long id, Instant timestamp, int datacenterId, int workerId, int sequence, int shard) {

	/**
	 * Creates the fields of an id without a shard.
	 * @param id the id itself
	 * @param timestamp the first millisecond of the time unit the id was issued in
	 * @param datacenterId the datacenter id
	 * @param workerId the worker id
	 * @param sequence the position of the id within its time unit
	 */
	public SnowflakeId(long id, Instant timestamp, int datacenterId, int workerId, int sequence) {
		this(id, timestamp, datacenterId, workerId, sequence, 0);
	}

}
