package io.github.idgen.lease;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Every timing rule of the lease, in one place with its reason.
 *
 * @param leaseTimeoutMillis how long the store keeps a silent holder's lease (the negotiated ZooKeeper
 * session timeout)
 * @param markIntervalMillis how often the high-water mark is written
 * @param markMaxWaitMillis how long a new holder may wait for the previous holder's mark
 */
public record LeaseTiming(long leaseTimeoutMillis, long markIntervalMillis, long markMaxWaitMillis) {

	/** A renewal is never scheduled more often than this, whatever the lease timeout. */
	static final long MIN_RENEWAL_INTERVAL_MILLIS = 50;

	/**
	 * How long after the send time of a successful proof the lease stays valid: two thirds of the
	 * lease timeout. The store cannot free the id sooner than a whole timeout after that send time, so
	 * a third of it is left for clock drift, GC pauses between the check and an id, and scheduling.
	 * @return nanoseconds
	 */
	public long validityNanos() {
		return TimeUnit.MILLISECONDS.toNanos(this.leaseTimeoutMillis * 2 / 3);
	}

	/**
	 * How often the lease is proven: a third of the lease timeout, so that one failed proof still
	 * leaves a second one before the deadline.
	 * @return milliseconds
	 */
	public long renewalIntervalMillis() {
		return Math.max(this.leaseTimeoutMillis / 3, MIN_RENEWAL_INTERVAL_MILLIS);
	}

	/**
	 * How far ahead of the clock each write puts the mark: two mark intervals, so that one late or
	 * failed write does not stop ids; a new holder waits at most this long after a graceful handover.
	 * @return milliseconds
	 */
	public long markAheadMillis() {
		return 2 * this.markIntervalMillis;
	}

	/**
	 * Checks that a graceful restart can take its id back: the mark it finds is up to
	 * {@link #markAheadMillis()} ahead, so the wait bound must exceed that.
	 * @param markInterval the mark interval
	 * @param markMaxWait the wait bound
	 * @return whether the bound is large enough
	 */
	public static boolean waitCoversMarkAhead(Duration markInterval, Duration markMaxWait) {
		return markMaxWait.toMillis() > 2 * markInterval.toMillis();
	}

}
