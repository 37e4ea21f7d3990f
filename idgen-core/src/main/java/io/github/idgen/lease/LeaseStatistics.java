package io.github.idgen.lease;

/**
 * Running totals of a lease, for metrics and operators. Every count only grows.
 */
public interface LeaseStatistics {

	/**
	 * Returns how many leases were taken, the first included.
	 * @return the count since start
	 */
	long getLeasesTaken();

	/**
	 * Returns how many leases were lost (new session, node deleted or taken by another session).
	 * Leases given back on purpose do not count.
	 * @return the count since start
	 */
	long getLeasesLost();

	/**
	 * Returns how often the lease was proven: the store answered that this lease still holds the id,
	 * at a scheduled renewal or when a fenced lease was confirmed.
	 * @return the count since start
	 */
	long getRenewals();

	/**
	 * Returns how many scheduled renewals proved nothing: the store did not answer, the lease was
	 * fenced, or the store named another holder.
	 * @return the count since start
	 */
	long getRenewalFailures();

	/**
	 * Returns how often the client reconnected to ZooKeeper.
	 * @return the count since start
	 */
	long getReconnects();

	/**
	 * Returns by how much this clock was found behind the clocks of live holders at start-up, judged
	 * from their high-water marks.
	 * @return milliseconds, 0 if not behind
	 */
	long getMeasuredClockLagMillis();

	/**
	 * Returns the parent path of the lease nodes.
	 * @return the path
	 */
	String getPath();

	/**
	 * Returns the range of ids leased from.
	 * @return the range
	 */
	LeaseRange getRange();

}
