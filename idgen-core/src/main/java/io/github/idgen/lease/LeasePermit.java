package io.github.idgen.lease;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;

/**
 * The check of one issuer's ids against a {@link WorkerIdLease}, with a cache of the time unit that
 * passed it last: an id of that unit passes on one compare, without reading the monotonic clock again.
 * With 1 ms units that is one clock read per millisecond instead of per id. Each issuer (the default
 * generator and every named one) keeps its own permit, so that issuers of different time units never
 * take turns at one cache.
 * <p>
 * A cached unit must not let an id through after the lease's deadline. Ids of a unit are made while
 * the clock is in that unit, at most one unit after the check that cached it (the check comes after
 * an id of the unit was made). So a check caches its unit only if the deadline is more than a unit
 * away: every id that passes on the cache was made before the deadline, whether or not the timer runs
 * on time (a process frozen and thawed within one 1 s unit, say). Near the deadline each id gets the
 * full check. A wall clock that stands still, or is stepped back into the cached unit, can still make
 * ids of it long after the check: fencing, releasing and the deadline itself (a timer) revoke the
 * cache, each by writing a negative value never written before, and a check only caches its unit if
 * no revocation came in since it read the cache.
 */
final class LeasePermit {

	private static final VarHandle PERMITTED_MILLIS;

	static {
		try {
			PERMITTED_MILLIS = MethodHandles.lookup().findVarHandle(LeasePermit.class, "permittedMillis", long.class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	private final WorkerIdLease lease;

	private final long unitNanos;

	/**
	 * The first millisecond of the unit that passed the full check last, or a negative value when no id
	 * may pass without it.
	 */
	private volatile long permittedMillis = -1;

	LeasePermit(WorkerIdLease lease, long unitMillis) {
		this.lease = lease;
		this.unitNanos = TimeUnit.MILLISECONDS.toNanos(unitMillis);
	}

	/**
	 * Returns whether an id may be issued under the lease: the lease is valid, and the first
	 * millisecond of the id's unit is after the previous holder's mark and not after this holder's.
	 * @param timestampMillis the first millisecond of the id's time unit
	 * @return whether the id may be returned
	 */
	boolean permits(long timestampMillis) {
		long permitted = this.permittedMillis;
		if (timestampMillis == permitted) {
			return true;
		}
		if (!this.lease.withinMarks(timestampMillis)) {
			return false;
		}
		long left = this.lease.nanosLeft();
		if (left <= 0) {
			return false;
		}
		if (left > this.unitNanos) {
			// not if the permit was revoked since it was read: the check may predate a fence or the deadline
			PERMITTED_MILLIS.compareAndSet(this, permitted, timestampMillis);
		}
		return true;
	}

	/**
	 * Ends the cached unit.
	 * @param revoked a negative value never written to this permit before
	 */
	void revoke(long revoked) {
		this.permittedMillis = revoked;
	}

}
