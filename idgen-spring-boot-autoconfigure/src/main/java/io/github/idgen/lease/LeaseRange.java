package io.github.idgen.lease;

import io.github.idgen.snowflake.SnowflakeLayout;

/**
 * Which ids an instance leases. The lease node of a (datacenter id, worker id) pair is named after
 * the 10-bit node id {@code datacenterId * 32 + workerId}, so instances of both kinds and of
 * different datacenters can share one path without ever holding the same pair.
 */
public enum LeaseRange {

	/**
	 * Worker ids 0..31 of the configured datacenter id: 32 instances per datacenter id.
	 */
	WORKER_ID,

	/**
	 * All 1024 (datacenter id, worker id) pairs: the datacenter id is leased too, and the configured
	 * one is ignored.
	 */
	NODE_ID;

	/**
	 * Returns the first node id of the range.
	 * @param datacenterId the configured datacenter id, ignored by {@link #NODE_ID}
	 * @return a 10-bit node id
	 */
	public int firstNodeId(int datacenterId) {
		return (this == WORKER_ID) ? datacenterId << SnowflakeLayout.TWITTER.workerBits() : 0;
	}

	/**
	 * Returns the last node id of the range.
	 * @param datacenterId the configured datacenter id, ignored by {@link #NODE_ID}
	 * @return a 10-bit node id
	 */
	public int lastNodeId(int datacenterId) {
		return (this == WORKER_ID) ? firstNodeId(datacenterId) + SnowflakeLayout.TWITTER.maxWorkerId()
				: SnowflakeLayout.TWITTER.maxNodeId();
	}

	static int workerIdOf(int nodeId) {
		return nodeId & SnowflakeLayout.TWITTER.maxWorkerId();
	}

	static int datacenterIdOf(int nodeId) {
		return nodeId >>> SnowflakeLayout.TWITTER.workerBits();
	}

}
