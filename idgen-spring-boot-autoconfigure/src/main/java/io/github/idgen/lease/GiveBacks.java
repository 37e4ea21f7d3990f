package io.github.idgen.lease;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Frees the ids of leases given up, so that they are free at once and do not count as taken by this
 * instance. A failure is remembered and retried with every renewal; it never hides the failure that
 * made the keeper give the id up.
 */
final class GiveBacks {

	private static final Logger logger = LoggerFactory.getLogger(GiveBacks.class);

	private final LeaseBackend backend;

	private final Set<WorkerIdLease> pending = ConcurrentHashMap.newKeySet();

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

	void retry() {
		for (WorkerIdLease released : List.copyOf(this.pending)) {
			giveBack(released);
		}
	}

}
