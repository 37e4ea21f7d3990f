package io.github.idgen.lease;

import java.io.Closeable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps this instance's worker-id lease in a {@link LeaseBackend}: takes one (see
 * {@link LeaseAcquisition}), proves it every third of the lease timeout (see {@link LeaseRenewal}), writes the high-water mark
 * ahead, fences it the moment it cannot be proven, recovers it, and gives it back.
 * <p>
 * One thread changes the lease: the keeper's own scheduled thread, or a caller of
 * {@link #lease(boolean)} under the same lock. Other threads (a backend's event thread) only
 * {@linkplain #fence fence}, which takes no lock, and ask for a {@linkplain #scheduleRecovery
 * recovery}. Every change is announced through {@link #changed(WorkerIdLease)} to the lease
 * listeners; nothing else notifies them.
 */
public final class LeaseKeeper implements Closeable {

	private static final Logger logger = LoggerFactory.getLogger(LeaseKeeper.class);

	private enum State { LATENT, STARTED, CLOSED }

	private final LeaseBackend backend;

	private final LeaseSettings settings;

	private final LeaseAcquisition acquisition;

	private final HighWaterMarks marks;

	private final AtomicReference<State> state = new AtomicReference<>(State.LATENT);

	/** Serialises every change of {@link #lease}; never taken by fencing; not a monitor: held across I/O. */
	private final ReentrantLock leaseLock = new ReentrantLock();

	private final Listeners<WorkerIdLease> leaseListeners = new Listeners<>();

	private final Listeners<LeaseKeeper> recoveredListeners = new Listeners<>();

	private final AtomicBoolean recoveryPending = new AtomicBoolean();

	private final AtomicLong leasesLost = new AtomicLong();

	private final GiveBacks giveBacks;

	private final LeaseDeadlines deadlines;

	private final LeaseRenewal renewal;

	private volatile @Nullable WorkerIdLease lease;

	private volatile @Nullable ScheduledExecutorService executor;

	/**
	 * Creates a keeper; call {@link #start()} next.
	 * @param backend where leases live
	 * @param settings range, holder, clocks and mark settings
	 */
	public LeaseKeeper(LeaseBackend backend, LeaseSettings settings) {
		this.backend = backend;
		this.settings = settings;
		this.marks = new HighWaterMarks(backend, settings.clock(), 2 * settings.markInterval().toMillis(),
				settings.holder());
		this.deadlines = new LeaseDeadlines(settings.nanoClock(), backend);
		this.acquisition = new LeaseAcquisition(backend, settings, this.marks, this.deadlines);
		this.giveBacks = new GiveBacks(backend);
		this.renewal = new LeaseRenewal(this, backend, settings.nanoClock());
	}

	/**
	 * Starts renewing and writing marks on the keeper's thread. Leasing happens on the first
	 * {@link #lease(boolean)}.
	 */
	public void start() {
		if (!this.state.compareAndSet(State.LATENT, State.STARTED)) {
			throw new IllegalStateException("Cannot be started more than once");
		}
		ScheduledExecutorService scheduler = Executors
			.newSingleThreadScheduledExecutor(LeaseDeadlines.daemonThreads("idgen-lease", this.backend));
		this.executor = scheduler;
		scheduleRenewal();
		long interval = this.settings.markInterval().toMillis();
		scheduler.scheduleWithFixedDelay(this::writeMarkAhead, interval, interval, TimeUnit.MILLISECONDS);
	}

	/**
	 * Makes sure this instance holds a lease, as {@code ClusterDeployment.updateWorkerId} describes.
	 * @param forced whether to give back the current lease and lease afresh
	 * @return the lease held now
	 * @throws WorkerIdsExhaustedException if every id of the range is held by another holder
	 * @throws HighWaterMarksAheadException if the free ids' marks are too far ahead of this clock
	 */
	public WorkerIdLease lease(boolean forced) {
		if (this.state.get() != State.STARTED) {
			throw new IllegalStateException("Worker ids are leased only between start() and close(), state is "
					+ this.state.get());
		}
		this.leaseLock.lock();
		try {
			return updateLease(forced);
		}
		catch (WorkerIdsExhaustedException | HighWaterMarksAheadException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not lease a worker id at " + this.backend.location() + ": " + ex,
					ex);
		}
		finally {
			this.leaseLock.unlock();
		}
	}

	private WorkerIdLease updateLease(boolean forced) throws Exception {
		WorkerIdLease current = this.lease;
		if (current == null || current.getState() == WorkerIdLease.State.RELEASED) {
			return take((current != null) ? current.getNodeId() : -1, -1);
		}
		if (forced) {
			release(current, "given back to lease afresh");
			this.giveBacks.giveBack(current);
			return take(-1, -1);
		}
		if (current.getState() == WorkerIdLease.State.ACTIVE && current.isValid()) {
			return current;
		}
		long sent = this.settings.nanoClock().getAsLong();
		String lost = this.backend.checkHeld(current);
		int avoid = -1;
		if (lost == null) {
			// the mark may have run out while the lease was unproven: renew it before ids flow again
			Long written = this.marks.raiseOwn(current);
			if (written == null) {
				// the record names another holder: the id is theirs now, whatever its node says
				lost = "high-water mark record taken over by another holder";
				avoid = current.getNodeId();
			}
			else {
				current.advanceMark(written);
				this.renewal.confirm(current, sent, timing());
				changed(current);
				logger.info("Confirmed worker id {} (datacenter id {}) at {}, held by {}", current.getWorkerId(),
						current.getDatacenterId(), current.getPath(), current.owner());
				return current;
			}
		}
		this.leasesLost.incrementAndGet();
		release(current, lost);
		this.giveBacks.giveBack(current);
		logger.warn("Lost worker id {} at {} ({}); leasing again", current.getWorkerId(), current.getPath(), lost);
		return (avoid < 0) ? take(current.getNodeId(), -1) : take(-1, avoid);
	}

	private WorkerIdLease take(int preferredNodeId, int avoidedNodeId) throws Exception {
		WorkerIdLease taken = this.giveBacks
			.claiming(() -> this.acquisition.acquire(preferredNodeId, avoidedNodeId, this.lease, timing()));
		WorkerIdLease previous = this.lease;
		if (previous != null && previous.getState() != WorkerIdLease.State.RELEASED) {
			release(previous, "replaced");
		}
		this.lease = taken;
		changed(taken);
		return taken;
	}

	/**
	 * Writes the mark of the current lease ahead, on the keeper's thread, never on the id path.
	 */
	private void writeMarkAhead() {
		WorkerIdLease current = this.lease;
		if (current == null || current.getState() != WorkerIdLease.State.ACTIVE || !current.isValid()) {
			return;
		}
		try {
			HighWaterMarks.Write written = this.marks.writeAhead(current);
			if (written == HighWaterMarks.Write.TAKEN_OVER) {
				fence(current, "high-water mark record taken over by another holder");
				scheduleRecovery(0);
			}
			else if (written == HighWaterMarks.Write.RESUMED) {
				changed(current); // ids had stopped at the old mark: waiting callers may go on
			}
		}
		catch (Throwable ex) {
			// anything thrown out of a periodic task would cancel its next runs, and with them the marks
			logger.error("Could not write the high-water mark; trying again at the next interval", ex);
		}
	}

	private void scheduleRenewal() {
		ScheduledExecutorService scheduler = this.executor;
		if (scheduler != null && this.state.get() == State.STARTED) {
			scheduler.schedule(this::renew, timing().renewalIntervalMillis(), TimeUnit.MILLISECONDS);
		}
	}

	private void renew() {
		try {
			this.giveBacks.retry();
			this.renewal.renew(this.lease, timing());
		}
		finally {
			scheduleRenewal();
		}
	}

	/**
	 * Asks the keeper's thread to confirm the lease, or lease again, as soon as possible.
	 * @param delayMillis how long to wait first
	 */
	public void scheduleRecovery(long delayMillis) {
		ScheduledExecutorService scheduler = this.executor;
		if (scheduler != null && this.state.get() == State.STARTED && this.recoveryPending.compareAndSet(false, true)) {
			scheduler.schedule(this::recover, delayMillis, TimeUnit.MILLISECONDS);
		}
	}

	private void recover() {
		this.recoveryPending.set(false);
		if (this.state.get() != State.STARTED) {
			return;
		}
		try {
			lease(false);
		}
		catch (RuntimeException | Error ex) {
			long retry = timing().renewalIntervalMillis();
			if (ex instanceof WorkerIdsExhaustedException || ex instanceof HighWaterMarksAheadException) {
				logger.warn("No ids are issued; retrying in {} ms. {}", retry, ex.getMessage());
			}
			else {
				logger.warn("Could not lease a worker id again at {}; no ids are issued; retrying in {} ms",
						this.backend.location(), retry, ex);
			}
			scheduleRecovery(retry);
			return;
		}
		this.recoveredListeners.fire(this);
	}

	/**
	 * Stops a lease from being valid at once, without waiting for any lock: for events that say the
	 * lease may be lost (connection suspended, session lost, node deleted).
	 * @param fenced the lease, or {@code null} for none
	 * @param why the reason, for logs and exceptions
	 */
	public void fence(@Nullable WorkerIdLease fenced, String why) {
		if (fenced != null && fenced.getState() != WorkerIdLease.State.RELEASED) {
			fenced.fence(why);
			changed(fenced);
			logger.warn("Stopped issuing ids with worker id {} ({}): {}", fenced.getWorkerId(), fenced.getPath(), why);
		}
	}

	/**
	 * Fences the current lease if it lives at {@code location}, and recovers: for a backend's report
	 * that a lease may be lost. The recovery finds out whether it really is.
	 * @param location where the lost lease lives
	 * @param why the reason
	 */
	public void lost(String location, String why) {
		WorkerIdLease current = this.lease;
		if (current != null && current.getPath().equals(location)) {
			fence(current, why);
			scheduleRecovery(0);
		}
	}

	private void release(WorkerIdLease released, String why) {
		released.release(why);
		changed(released);
	}

	void changed(WorkerIdLease lease) { // the one place that announces a change of a lease
		this.leaseListeners.fire(lease);
	}

	private LeaseTiming timing() {
		return new LeaseTiming(this.backend.leaseTimeoutMillis(), this.settings.markInterval().toMillis(),
				this.settings.markMaxWait().toMillis());
	}

	/** @return the lease held now, or {@code null} before the first one */
	public @Nullable WorkerIdLease currentLease() {
		return this.lease;
	}

	/**
	 * Adds a listener called with a lease whenever one is taken or changes state.
	 * @param listener called on the thread that made the change; it must return quickly
	 */
	public void addLeaseListener(Consumer<WorkerIdLease> listener) {
		this.leaseListeners.add(listener);
	}

	/**
	 * Adds a listener called after a recovery confirmed the lease or took a new one.
	 * @param listener called on the keeper's thread
	 */
	public void addRecoveredListener(Runnable listener) {
		this.recoveredListeners.add((keeper) -> listener.run());
	}

	/**
	 * Returns how many leases were taken, the first included.
	 * @return the count since start
	 */
	public long getLeasesTaken() {
		return this.acquisition.getLeasesTaken();
	}

	/**
	 * Returns how many leases were lost; leases given back on purpose do not count.
	 * @return the count since start
	 */
	public long getLeasesLost() {
		return this.leasesLost.get();
	}

	/**
	 * Returns how often the lease was proven (see {@link LeaseRenewal}).
	 * @return the count since start
	 */
	public long getRenewals() {
		return this.renewal.renewals();
	}

	/**
	 * Returns how many scheduled renewals proved nothing (see {@link LeaseRenewal}).
	 * @return the count since start
	 */
	public long getRenewalFailures() {
		return this.renewal.failures();
	}

	/**
	 * Returns by how much this clock was found behind live holders' clocks at the first lease.
	 * @return milliseconds, 0 if not behind
	 */
	public long getMeasuredClockLagMillis() {
		return this.acquisition.getMeasuredClockLagMillis();
	}

	/**
	 * Stops renewing and gives the lease back, so that another instance can take the id at once.
	 */
	@Override
	public void close() {
		if (this.state.getAndSet(State.CLOSED) == State.CLOSED) {
			return;
		}
		// readiness and health need no news of a shutdown
		this.leaseListeners.clear();
		ScheduledExecutorService scheduler = this.executor;
		if (scheduler != null) {
			scheduler.shutdownNow();
		}
		this.deadlines.close();
		this.leaseLock.lock();
		try {
			WorkerIdLease current = this.lease;
			if (current != null) {
				release(current, "closed");
				this.giveBacks.atShutdown(current);
			}
		}
		finally {
			this.leaseLock.unlock();
		}
		this.recoveredListeners.clear();
	}

}
