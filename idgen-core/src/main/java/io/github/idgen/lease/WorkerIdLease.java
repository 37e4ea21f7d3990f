package io.github.idgen.lease;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import io.github.idgen.snowflake.SnowflakeLayout;

/**
 * One lease of a worker id: an ephemeral node owned by one ZooKeeper session, and the deadline up to
 * which this instance can prove it still holds it.
 * <p>
 * The deadline lives on the monotonic clock and moves forward only on evidence from the server (a
 * response about the node, in the owning session, requested at a known instant). {@link #isValid()}
 * compares it with the clock and nothing else, so a process that was frozen past its session finds
 * itself invalid on its first call, before any connection event arrives.
 * <p>
 * States: {@code ACTIVE} (renewed by evidence), {@code FENCED} (the connection was suspended or the
 * deadline could not be renewed; a confirmation in the same session makes it active again),
 * {@code RELEASED} (given back or lost for good; final).
 * <p>
 * Two wall-clock bounds come with it (see {@link HighWaterMark}): ids must be from after the
 * previous holder's mark (the floor), and from no later than this holder's own last written mark.
 * An id is compared by the first millisecond of its time unit
 * ({@link SnowflakeLayout#timestampMillis(long)}): a mark promises the whole unit that holds it.
 */
public final class WorkerIdLease {

	private static final VarHandle MARK_MILLIS;

	static {
		try {
			MARK_MILLIS = MethodHandles.lookup().findVarHandle(WorkerIdLease.class, "markMillis", long.class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	/** The state of a lease. */
	public enum State {

		/** Held and renewed by evidence from the server. */
		ACTIVE,

		/** Not provably held right now; may be confirmed again within the same session. */
		FENCED,

		/** Given back or lost; never valid again. */
		RELEASED

	}

	private final long number;

	private final String path;

	private final int nodeId;

	private final SnowflakeLayout layout;

	private final long sessionId;

	private final long claimId;

	private final LeaseHolder holder;

	private final Instant acquiredAt;

	private final LongSupplier nanoClock;

	private final DeadlineTimer deadlines;

	/** Deadline on {@link #nanoClock}. */
	private volatile long validUntilNanos;

	/** The previous holder's mark: ids must be from time units that start after it. */
	private final long floorMillis;

	/** This holder's last successfully written mark: ids must be from time units that start by it. */
	private volatile long markMillis;

	/** Every permit handed out, so that fencing, releasing and the deadline revoke them all. */
	private final List<LeasePermit> permits = new CopyOnWriteArrayList<>();

	/** Counts revocations of the permits; {@code -revocations} is what a permit holds after the last one. */
	private final AtomicLong revocations = new AtomicLong(1);

	/** The permit of {@link #permits(long)}, in the layout's time unit. */
	private final LeasePermit ownPermit;

	private volatile State state = State.ACTIVE;

	private volatile String reason = "leased";

	WorkerIdLease(long number, String path, int nodeId, SnowflakeLayout layout, long sessionId, long claimId,
			LeaseHolder holder, Instant acquiredAt, LongSupplier nanoClock, DeadlineTimer deadlines, long validUntilNanos,
			long floorMillis, long markMillis) {
		this.number = number;
		this.path = path;
		this.nodeId = nodeId;
		this.layout = layout;
		this.sessionId = sessionId;
		this.claimId = claimId;
		this.holder = holder;
		this.acquiredAt = acquiredAt;
		this.nanoClock = nanoClock;
		this.deadlines = deadlines;
		this.validUntilNanos = validUntilNanos;
		this.floorMillis = floorMillis;
		this.markMillis = markMillis;
		this.ownPermit = permit(layout.timeUnitMillis());
	}

	/**
	 * Returns whether an id of the lease's layout stamped {@code timestampMillis} may be issued under
	 * this lease: the lease is valid, and the timestamp is after the previous holder's mark and not
	 * after this holder's. An issuer of its own keeps a {@link #permit} instead, so that issuers of
	 * different time units do not take turns at one cache.
	 * @param timestampMillis the first millisecond of the id's time unit
	 * @return whether the id may be returned
	 */
	public boolean permits(long timestampMillis) {
		return this.ownPermit.permits(timestampMillis);
	}

	/**
	 * Hands out a permit for an issuer of ids of the given time unit, revoked with the lease's others.
	 * @param unitMillis the time unit of the issuer's layout
	 * @return a new permit
	 */
	LeasePermit permit(long unitMillis) {
		LeasePermit permit = new LeasePermit(this, unitMillis);
		this.permits.add(permit);
		return permit;
	}

	/**
	 * Returns whether a timestamp is after the floor and not after the mark.
	 */
	boolean withinMarks(long timestampMillis) {
		return timestampMillis > this.floorMillis && timestampMillis <= this.markMillis;
	}

	/**
	 * Returns how long the lease stays valid from now, on the monotonic clock.
	 * @return nanoseconds, 0 or less once the deadline has passed
	 */
	long nanosLeft() {
		return this.validUntilNanos - this.nanoClock.getAsLong();
	}

	/**
	 * Returns how long the lease stays valid without another renewal: from now to the deadline that
	 * the last proof set, on the monotonic clock.
	 * @return the time left; zero once the deadline has passed, and for a fenced or released lease,
	 * which issues no id whatever the store still holds
	 */
	public Duration getTimeLeft() {
		return Duration.ofNanos(Math.max(0, nanosLeft()));
	}

	/**
	 * Makes the deadline revoke the permits when it comes, unless the deadline moved meanwhile; called
	 * after every move of the deadline.
	 */
	void watchDeadline() {
		long deadline = this.validUntilNanos;
		this.deadlines.at(deadline, () -> {
			if (this.validUntilNanos == deadline) {
				if (isValid()) {
					watchDeadline(); // woken early
				}
				else {
					revokePermits();
				}
			}
		});
	}

	private void revokePermits() {
		for (LeasePermit permit : this.permits) {
			permit.revoke(-this.revocations.incrementAndGet());
		}
	}

	/**
	 * Moves the mark forward after it was written; never backwards, also when the keeper's periodic
	 * write and a caller of {@code updateWorkerId(false)} (which does not wait for that write) advance
	 * it at once: a plain read and write would let the lower mark land last.
	 */
	void advanceMark(long writtenMarkMillis) {
		long current = this.markMillis;
		while (writtenMarkMillis > current && !MARK_MILLIS.compareAndSet(this, current, writtenMarkMillis)) {
			current = this.markMillis;
		}
	}

	/**
	 * Returns the previous holder's mark, which ids of this lease must come after. When this process
	 * gets its own id back (the record still carries its token), the floor is that of its
	 * previous lease, so ids must also continue after this process's own last id: the generator of
	 * the previous lease has to be kept, as {@code io.github.idgen.lease.IdServiceProxy} does.
	 * @return milliseconds since 1970; 0 if the id was never leased before
	 */
	public long getFloorMillis() {
		return this.floorMillis;
	}

	/**
	 * Returns the mark written last, which ids of this lease must not pass.
	 * @return milliseconds since 1970
	 */
	public long getMarkMillis() {
		return this.markMillis;
	}

	/**
	 * Returns whether this instance can prove, now, that it holds the lease.
	 * @return true while active and before the deadline
	 */
	public boolean isValid() {
		return this.nanoClock.getAsLong() - this.validUntilNanos < 0;
	}

	/**
	 * Moves the deadline forward on evidence, unless the lease was fenced meanwhile.
	 */
	void renew(long validUntilNanos) {
		if (this.state != State.ACTIVE) {
			return;
		}
		this.validUntilNanos = validUntilNanos;
		if (this.state != State.ACTIVE) {
			// fenced while we wrote: fencing wins
			this.validUntilNanos = this.nanoClock.getAsLong();
			return;
		}
		watchDeadline();
	}

	/**
	 * Makes a fenced lease active again, on evidence gathered after the fence.
	 */
	void confirm(long validUntilNanos) {
		if (this.state == State.RELEASED) {
			throw new IllegalStateException("A released lease cannot be confirmed: " + this);
		}
		this.state = State.ACTIVE;
		this.reason = "confirmed";
		this.validUntilNanos = validUntilNanos;
		watchDeadline();
	}


	/**
	 * Stops the lease from being valid at once.
	 */
	void fence(String why) {
		if (this.state == State.ACTIVE) {
			this.state = State.FENCED;
			this.reason = why;
		}
		this.validUntilNanos = this.nanoClock.getAsLong();
		revokePermits();
	}

	/**
	 * Ends the lease for good.
	 */
	void release(String why) {
		this.state = State.RELEASED;
		this.reason = why;
		this.validUntilNanos = this.nanoClock.getAsLong();
		revokePermits();
	}

	/**
	 * Returns the number of this lease among the leases of its deployment: later leases have larger
	 * numbers, so that whoever follows the leases can tell a newer one from one it saw late.
	 * @return 1 for the first lease, then increasing
	 */
	public long getNumber() {
		return this.number;
	}

	/**
	 * Returns the path of the lease node.
	 * @return for example {@code /idgen/worker_ids/7}
	 */
	public String getPath() {
		return this.path;
	}

	/**
	 * Returns the node id the lease is named after.
	 * @return {@code datacenterId * 2^workerBits + workerId} of the layout
	 */
	public int getNodeId() {
		return this.nodeId;
	}

	/**
	 * Returns the layout the node id belongs to.
	 * @return the layout of the deployment that took the lease
	 */
	public SnowflakeLayout getLayout() {
		return this.layout;
	}

	/**
	 * Returns the leased worker id.
	 * @return 0..{@link SnowflakeLayout#maxWorkerId()}
	 */
	public int getWorkerId() {
		return this.layout.workerIdOf(this.nodeId);
	}

	/**
	 * Returns the datacenter id of the lease.
	 * @return 0..{@link SnowflakeLayout#maxDatacenterId()}
	 */
	public int getDatacenterId() {
		return this.layout.datacenterIdOf(this.nodeId);
	}

	/**
	 * Returns the ZooKeeper session that owns the node.
	 * @return the session id; 0 for a backend without sessions, where the holder's token proves the
	 * lease
	 */
	public long getSessionId() {
		return this.sessionId;
	}

	/**
	 * Returns the id of this claim, which names this lease beside the holder's token in a store where
	 * one holder may claim the same id again (Redis: the record's {@code claim} field), so that a late
	 * renewal or give-back never acts on a later claim.
	 * @return the claim id; 0 where the session or the token alone names the lease
	 */
	public long getClaimId() {
		return this.claimId;
	}

	/**
	 * Returns the data written into the node.
	 * @return who holds the lease
	 */
	public LeaseHolder getHolder() {
		return this.holder;
	}

	/**
	 * Returns when the node was created.
	 * @return the wall-clock instant of the lease
	 */
	public Instant getAcquiredAt() {
		return this.acquiredAt;
	}

	/**
	 * Returns the state.
	 * @return the state now
	 */
	public State getState() {
		return this.state;
	}

	/**
	 * Returns why the lease is in its state, for logs and exceptions.
	 * @return a short reason, such as "connection to ZooKeeper suspended"
	 */
	public String getReason() {
		return this.reason;
	}

	/**
	 * Names what proves this lease, for logs: the ZooKeeper session that owns the node, or, for a
	 * backend without sessions, the holder's token, with the claim id where the backend has one.
	 */
	String owner() {
		if (this.sessionId != 0) {
			return "session 0x" + Long.toHexString(this.sessionId);
		}
		return "holder " + this.holder.token() + ((this.claimId != 0) ? " (claim " + this.claimId + ")" : "");
	}

	@Override
	public String toString() {
		return "WorkerIdLease[" + this.path + ", workerId=" + getWorkerId() + ", datacenterId=" + getDatacenterId()
				+ ", held by " + owner() + ", " + this.state + "]";
	}

}
