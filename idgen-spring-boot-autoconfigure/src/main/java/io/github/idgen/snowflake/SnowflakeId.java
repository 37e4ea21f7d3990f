package io.github.idgen.snowflake;

import java.time.Instant;

/**
 * An id taken apart into its Snowflake fields.
 *
 * @param id the id itself
 * @param timestamp the millisecond the id was issued in
 * @param datacenterId the datacenter id, 0..31
 * @param workerId the worker id, 0..31
 * @param sequence the position of the id within its millisecond, 0..4095
 */
public record SnowflakeId(long id, Instant timestamp, int datacenterId, int workerId, int sequence) {
}
