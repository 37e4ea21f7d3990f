package io.github.idgen.lease;

import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Frees the ids of leases given up, so that they are free at once and do not count as taken by this
 * instance. A failure is remembered and retried with every renewal; it never hides the failure that
 * made the keeper give the id up.
 * <p>
 * A give-back frees a node id as long as this holder holds it (see {@link LeaseBackend#giveBack}), so
 * one that is retried after the same node id was claimed again would free the new lease. A failed
 * give-back may have done its work with only its reply lost, and the node id then comes back free. So
 * a claim runs {@linkplain #claiming with no retry under way} and drops the give-backs of the node id
 * it claimed: they belong to leases before it.
 */
final class GiveBacks {

	private static final Logger logger = LoggerFactory.getLogger(GiveBacks.class);

	private final LeaseBackend backend;

	private final Set<WorkerIdLease> pending = ConcurrentHashMap.newKeySet();

	/** Held by a claim, and by retries; never waited for by the renewal thread. */
	private final ReentrantLock claimOrRetry = new ReentrantLock();

	GiveBacks(LeaseBackend backend) {
		this.backend = backend;
	}

	/**
	 * Frees the id of a lease given up, or remembers it for {@link #retry()}.
	 * @return whether it is done (freed, or no longer ours)
	 */
	boolean giveBack(WorkerIdLease released) {
		try {
			if (this.backend.giveBack(released)) {
				logger.info("Gave back worker id {} ({})", released.getWorkerId(), released.getPath());
			}
			this.pending.remove(released);
			return true;
		}
		catch (Exception ex) {
			this.pending.add(released);
			logger.warn("Could not give back worker id {} ({}); retrying with the next renewal", released.getWorkerId(),
					released.getPath(), ex);
			return false;
		}
	}

	/**
	 * Frees the id of the lease held at shutdown, if the store is reachable; otherwise the store frees
	 * it when it times the lease out.
	 */
	void atShutdown(WorkerIdLease released) {
		if (!this.backend.isConnected() || !giveBack(released)) {
			logger.warn("Could not give back worker id {} at shutdown: {} is freed when the store times it out",
					released.getWorkerId(), released.getPath());
		}
	}

	/**
	 * Takes a lease with no give-back retried meanwhile, and forgets the give-backs of the node id taken.
	 * @param claim claims a lease
	 * @return the lease claimed
	 * @throws Exception what the claim throws
	 */
	WorkerIdLease claiming(Callable<WorkerIdLease> claim) throws Exception {
		this.claimOrRetry.lock();
		try {
			WorkerIdLease claimed = claim.call();
			this.pending.removeIf((released) -> released.getNodeId() == claimed.getNodeId());
			return claimed;
		}
		finally {
			this.claimOrRetry.unlock();
		}
	}

	/**
	 * Retries the give-backs that failed, unless a claim is under way: that one forgets those of the
	 * node id it takes, and the next renewal retries the others.
	 */
	void retry() {
		if (!this.claimOrRetry.tryLock()) {
			return;
		}
		try {
			for (WorkerIdLease released : List.copyOf(this.pending)) {
				giveBack(released);
			}
		}
		finally {
			this.claimOrRetry.unlock();
		}
	}

}
