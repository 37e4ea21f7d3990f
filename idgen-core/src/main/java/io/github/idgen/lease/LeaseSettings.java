package io.github.idgen.lease;

import java.time.Duration;
import java.util.function.LongSupplier;

import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;

/**
 * What a {@link LeaseKeeper} is told by its owner: which ids to lease, as whom, on which clocks, and
 * the mark settings.
 *
 * @param layout the layout whose node ids are leased: it splits a node id into datacenter id and
 * worker id, and its time unit is the one high-water marks are compared in
 * @param range the range of node ids to lease from
 * @param datacenterId the datacenter id, with {@link LeaseRange#WORKER_ID}
 * @param holder who holds the leases, with this keeper's own token
 * @param nanoClock the monotonic clock of the deadlines
 * @param clock the wall clock of the marks; the generators must read the same one
 * @param markInterval how often the mark is written
 * @param markMaxWait how long a new holder may wait for the previous holder's mark
 * @param clockSkewWarning the lag behind live holders' clocks that is logged at the first lease
 */
public record LeaseSettings(SnowflakeLayout layout, LeaseRange range, int datacenterId, LeaseHolder holder,
		LongSupplier nanoClock, MillisClock clock, Duration markInterval, Duration markMaxWait,
		Duration clockSkewWarning) {

	/**
	 * Returns the node ids to lease from.
	 * @return the range on the layout
	 */
	public NodeIdRange nodeIds() {
		return this.range.nodeIds(this.layout, this.datacenterId);
	}

}
