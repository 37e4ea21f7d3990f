package io.github.idgen.lease;

import java.time.Duration;
import java.util.function.LongSupplier;

import io.github.idgen.snowflake.MillisClock;

/**
 * What a {@link LeaseKeeper} is told by its owner: which ids to lease, as whom, on which clocks, and
 * the mark settings.
 *
 * @param range the range of node ids to lease from
 * @param datacenterId the datacenter id, with {@link LeaseRange#WORKER_ID}
 * @param holder who holds the leases, with this keeper's own token
 * @param nanoClock the monotonic clock of the deadlines
 * @param clock the wall clock of the marks; the generators must read the same one
 * @param markInterval how often the mark is written
 * @param markMaxWait how long a new holder may wait for the previous holder's mark
 * @param clockSkewWarning the lag behind live holders' clocks that is logged at the first lease
 */
public record LeaseSettings(LeaseRange range, int datacenterId, LeaseHolder holder, LongSupplier nanoClock,
		MillisClock clock, Duration markInterval, Duration markMaxWait, Duration clockSkewWarning) {

	/**
	 * Returns the first node id of the range, for a backend that lays out a record per node id.
	 * @return the first node id
	 */
	public int firstNodeId() {
		return this.range.firstNodeId(this.datacenterId);
	}

	/**
	 * Returns the last node id of the range.
	 * @return the last node id
	 */
	public int lastNodeId() {
		return this.range.lastNodeId(this.datacenterId);
	}

}
