package io.github.idgen.lease;

import io.github.idgen.snowflake.SnowflakeLayout;

/**
 * Which ids an instance leases, on the layout in force. The lease of a (datacenter id, worker id)
 * pair is named after its node id {@code datacenterId * 2^workerBits + workerId}, so instances of both
 * kinds and of different datacenters can share one path or lease group without ever holding the same
 * pair. With {@link SnowflakeLayout#TWITTER} (5 datacenter and 5 worker bits) that is
 * {@code datacenterId * 32 + workerId}, 0..1023.
 */
public enum LeaseRange {

	/**
	 * The 2^workerBits worker ids of the configured datacenter id: 32 instances per datacenter id with
	 * 5 worker bits.
	 */
	WORKER_ID,

	/**
	 * All 2^(datacenterBits + workerBits) node ids: the datacenter id is leased too, and the configured
	 * one is ignored. 1024 with 5 + 5 bits.
	 */
	NODE_ID;

	/**
	 * Returns the node ids of this range on a layout.
	 * @param layout the layout in force
	 * @param datacenterId the configured datacenter id, 0..{@link SnowflakeLayout#maxDatacenterId()};
	 * ignored by {@link #NODE_ID}
	 * @return the node ids to lease from
	 * @throws IllegalArgumentException if the datacenter id is out of the layout's range, or the range
	 * holds more than {@link NodeIdRange#MAX_SIZE} node ids
	 */
	public NodeIdRange nodeIds(SnowflakeLayout layout, int datacenterId) {
		if (this == NODE_ID) {
			return new NodeIdRange(0, layout.maxNodeId());
		}
		int first = layout.nodeId(datacenterId, 0);
		return new NodeIdRange(first, first + layout.maxWorkerId());
	}

}
