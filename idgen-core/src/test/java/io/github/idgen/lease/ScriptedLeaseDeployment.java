package io.github.idgen.lease;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.SteppingClock;
import org.jspecify.annotations.Nullable;

/**
 * A deployment whose lease events a model check's operations make, on the check's clock and without
 * threads of its own: what a {@link LeaseKeeper} does to the lease and tells the listeners (fencing,
 * confirming, renewing, releasing and taking a lease), in the keeper's order, with no store behind
 * it. Its deadline timer runs only when an operation says the timer thread got to run.
 */
final class ScriptedLeaseDeployment implements ClusterDeployment {

	/** How long a proof keeps the lease valid: far longer than a check runs, but for {@link #freeze()}. */
	static final long VALIDITY_NANOS = 10_000_000_000L;

	private final SnowflakeLayout layout;

	private final SteppingClock clock;

	static final LeaseHolder HOLDER = new LeaseHolder("1@h", "h", 1, Instant.EPOCH, "pod-0", "our-token");

	private final Listeners<WorkerIdLease> leaseListeners = new Listeners<>();

	private final IssuerSlot issuers = new IssuerSlot();

	/** The deadline tasks the timer thread has not run yet. */
	private final List<Runnable> dueTasks = new ArrayList<>();

	private final DeadlineTimer timer = (deadline, task) -> {
		synchronized (this.dueTasks) {
			this.dueTasks.add(task);
		}
	};

	private volatile WorkerIdLease lease;

	private long leases;

	/** The mark of the first lease; later leases never reach theirs. */
	private long markMillis;

	ScriptedLeaseDeployment(SnowflakeLayout layout, SteppingClock clock, int firstNodeId, long floorMillis) {
		this(layout, clock, firstNodeId, floorMillis, Long.MAX_VALUE / 2);
	}

	ScriptedLeaseDeployment(SnowflakeLayout layout, SteppingClock clock, int firstNodeId, long floorMillis,
			long markMillis) {
		this.layout = layout;
		this.clock = clock;
		this.markMillis = markMillis;
		this.lease = newLease(firstNodeId, floorMillis);
		this.markMillis = Long.MAX_VALUE / 2;
	}

	/** Tells the listeners that the lease changed, as the keeper does after a write resumed ids. */
	void changed(WorkerIdLease lease) {
		this.leaseListeners.fire(lease);
	}

	/** A connection event: the lease may be lost. */
	void fence() {
		WorkerIdLease current = this.lease;
		current.fence("connection suspended");
		this.leaseListeners.fire(current);
	}

	/** A recovery in the same session proved the lease again. */
	void confirm() {
		WorkerIdLease current = this.lease;
		if (current.getState() != WorkerIdLease.State.RELEASED) {
			current.confirm(this.clock.getAsLong() + VALIDITY_NANOS);
			this.leaseListeners.fire(current);
		}
	}

	/** A renewal: moves the deadline of an active lease, and wakes callers if it had lapsed. */
	void renew() {
		WorkerIdLease current = this.lease;
		boolean lapsed = !current.isValid();
		current.renew(this.clock.getAsLong() + VALIDITY_NANOS);
		if (lapsed && current.isValid()) {
			this.leaseListeners.fire(current);
		}
	}

	/**
	 * The lease was found lost and another node id leased: released (and announced) first, then the
	 * new lease taken and announced, as {@link LeaseKeeper} does.
	 * @return the new lease
	 */
	WorkerIdLease loseAndLease(int nodeId, long floorMillis) {
		WorkerIdLease lost = this.lease;
		lost.release("lost");
		this.leaseListeners.fire(lost);
		WorkerIdLease taken = newLease(nodeId, floorMillis);
		this.lease = taken;
		this.leaseListeners.fire(taken);
		return taken;
	}

	/** The process stands still past the lease's deadline: no event, only the clock says so. */
	void freeze() {
		this.clock.pass(VALIDITY_NANOS);
	}

	/** The deadline timer's thread runs the tasks that are due. */
	void timerRuns() {
		List<Runnable> due;
		synchronized (this.dueTasks) {
			due = new ArrayList<>(this.dueTasks);
			this.dueTasks.clear();
		}
		due.forEach(Runnable::run);
	}

	private WorkerIdLease newLease(int nodeId, long floorMillis) {
		WorkerIdLease taken = new WorkerIdLease(++this.leases, "memory:/worker_ids/" + nodeId, nodeId, this.layout, 0, 0,
				HOLDER, Instant.EPOCH, this.clock, this.timer, this.clock.getAsLong() + VALIDITY_NANOS, floorMillis,
				this.markMillis);
		taken.watchDeadline();
		return taken;
	}

	@Override
	public int getWorkerId() {
		return this.lease.getWorkerId();
	}

	@Override
	public int getDatacenterId() {
		return this.lease.getDatacenterId();
	}

	@Override
	public SnowflakeLayout getLayout() {
		return this.layout;
	}

	@Override
	public int updateWorkerId(boolean forced) {
		return this.lease.getWorkerId();
	}

	@Override
	public @Nullable WorkerIdLease currentLease() {
		return this.lease;
	}

	@Override
	public MillisClock getClock() {
		return this.clock;
	}

	@Override
	public long attachIssuer(Object issuer) {
		return this.issuers.attach(issuer, () -> "memory:/worker_ids");
	}

	@Override
	public void detachIssuer(Object issuer, long lastIssuedId) {
		this.issuers.detach(issuer, lastIssuedId);
	}

	@Override
	public void addReconnectedListener(Consumer<ClusterDeployment> listener) {
		// no reconnections here: the operations change the lease directly
	}

	@Override
	public void addLeaseListener(Consumer<WorkerIdLease> listener) {
		this.leaseListeners.add(listener);
	}

}
