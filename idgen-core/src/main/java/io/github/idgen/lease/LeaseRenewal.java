package io.github.idgen.lease;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The keeper's renewal of its lease, every third of the lease timeout, and its counts. A renewal is a
 * proof of the lease: the store answered that this lease holds the id (ZooKeeper: the lease node
 * exists and the owning session is this one; a database: the holder's row was updated; Redis: the
 * renewal script found the record naming this claim), and the lease's deadline moves to the request's
 * send time plus the validity. The confirmation of a fenced lease is such a proof too. A renewal
 * failure is a scheduled renewal that proved nothing: the store did not answer, the lease was fenced
 * meanwhile (a connection lost), or the store named another holder (also a lease lost). On ZooKeeper
 * a renewal sent while the connection is down waits in Curator for it to come back, so an outage
 * shows there as a fenced lease and a reconnection, and at most one failure.
 */
final class LeaseRenewal {

	// under the keeper's name, which operators' logging configurations already know
	private static final Logger logger = LoggerFactory.getLogger(LeaseKeeper.class);

	private final LeaseKeeper keeper;

	private final LeaseBackend backend;

	private final LongSupplier nanoClock;

	private final AtomicLong renewals = new AtomicLong();

	private final AtomicLong failures = new AtomicLong();

	LeaseRenewal(LeaseKeeper keeper, LeaseBackend backend, LongSupplier nanoClock) {
		this.keeper = keeper;
		this.backend = backend;
		this.nanoClock = nanoClock;
	}

	/**
	 * Proves the lease; a proof moves the deadline. A lease fenced while the store is reachable (a
	 * renewal that failed on a live connection sends no event to lift it) gets a recovery instead.
	 * @param current the keeper's lease, or {@code null} before the first one
	 * @param timing the timing rules in force
	 */
	void renew(@Nullable WorkerIdLease current, LeaseTiming timing) {
		if (current == null || current.getState() == WorkerIdLease.State.RELEASED) {
			return;
		}
		if (current.getState() == WorkerIdLease.State.FENCED) {
			this.failures.incrementAndGet();
			if (this.backend.isConnected()) {
				this.keeper.scheduleRecovery(0);
			}
			return;
		}
		try {
			long sent = this.nanoClock.getAsLong();
			String lost = this.backend.checkHeld(current);
			if (lost == null) {
				boolean lapsed = !current.isValid();
				current.renew(sent + timing.validityNanos());
				// fenced while the store answered: fencing wins, and the deadline did not move
				(current.getState() == WorkerIdLease.State.ACTIVE ? this.renewals : this.failures).incrementAndGet();
				if (lapsed && current.isValid()) {
					// a pause let the deadline run out without any event: waiting callers may go on
					this.keeper.changed(current);
				}
			}
			else {
				this.failures.incrementAndGet();
				if (this.keeper.currentLease() == current) {
					this.keeper.fence(current, lost);
					this.keeper.scheduleRecovery(0);
				}
			}
		}
		catch (Throwable ex) {
			// the deadline stands and runs out by itself; connection events drive the recovery
			this.failures.incrementAndGet();
			logger.debug("Could not renew the worker id lease", ex);
			WorkerIdLease now = this.keeper.currentLease();
			if (now != null && now.getState() == WorkerIdLease.State.ACTIVE && !now.isValid()) {
				this.keeper.fence(now, "lease not renewed in time: " + ex);
			}
		}
	}

	/**
	 * Makes a fenced lease active again on a proof sent at {@code sentNanos}, and counts it.
	 */
	void confirm(WorkerIdLease fenced, long sentNanos, LeaseTiming timing) {
		fenced.confirm(sentNanos + timing.validityNanos());
		this.renewals.incrementAndGet();
	}

	/** @return the proofs of the lease since start, confirmations included */
	long renewals() {
		return this.renewals.get();
	}

	/** @return the scheduled renewals since start that proved nothing */
	long failures() {
		return this.failures.get();
	}

}
