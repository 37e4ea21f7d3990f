package io.github.idgen.lease;

import java.time.Instant;
import java.util.function.LongSupplier;

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
 */
public final class WorkerIdLease {

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

	private final long sessionId;

	private final LeaseHolder holder;

	private final Instant acquiredAt;

	private final LongSupplier nanoClock;

	/** Deadline on {@link #nanoClock}. */
	private volatile long validUntilNanos;

	/** The previous holder's mark: ids must be from later milliseconds. */
	private final long floorMillis;

	/** This holder's last successfully written mark: ids must not be from later milliseconds. */
	private volatile long markMillis;

	/**
	 * The millisecond of the last id that passed the full check. An id of the same millisecond was
	 * made while the wall clock read it, within a millisecond of that check, so it passes without
	 * reading the monotonic clock again: one clock read per millisecond instead of per id. Fencing
	 * clears it; a check racing with a fence can let ids of at most that one millisecond through,
	 * which the deadline's margin (a third of the session timeout) covers.
	 */
	private volatile long permittedMillis = -1;

	private volatile State state = State.ACTIVE;

	private volatile String reason = "leased";

	WorkerIdLease(long number, String path, int nodeId, long sessionId, LeaseHolder holder, Instant acquiredAt,
			LongSupplier nanoClock, long validUntilNanos, long floorMillis, long markMillis) {
		this.number = number;
		this.path = path;
		this.nodeId = nodeId;
		this.sessionId = sessionId;
		this.holder = holder;
		this.acquiredAt = acquiredAt;
		this.nanoClock = nanoClock;
		this.validUntilNanos = validUntilNanos;
		this.floorMillis = floorMillis;
		this.markMillis = markMillis;
	}

	/**
	 * Returns whether an id made at {@code timestampMillis} may be issued under this lease: the lease
	 * is valid, and the timestamp is after the previous holder's mark and not after this holder's.
	 * @param timestampMillis the id's timestamp, in milliseconds since 1970
	 * @return whether the id may be returned
	 */
	public boolean permits(long timestampMillis) {
		if (timestampMillis == this.permittedMillis) {
			return true;
		}
		if (timestampMillis > this.floorMillis && timestampMillis <= this.markMillis && isValid()) {
			this.permittedMillis = timestampMillis;
			return true;
		}
		return false;
	}

	/**
	 * Moves the mark forward after it was written; never backwards.
	 */
	void advanceMark(long writtenMarkMillis) {
		if (writtenMarkMillis > this.markMillis) {
			this.markMillis = writtenMarkMillis;
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
		}
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
		this.permittedMillis = -1;
	}

	/**
	 * Ends the lease for good.
	 */
	void release(String why) {
		this.state = State.RELEASED;
		this.reason = why;
		this.validUntilNanos = this.nanoClock.getAsLong();
		this.permittedMillis = -1;
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
	 * Returns the 10-bit node id the node is named after.
	 * @return {@code datacenterId * 32 + workerId}
	 */
	public int getNodeId() {
		return this.nodeId;
	}

	/**
	 * Returns the leased worker id.
	 * @return 0..31
	 */
	public int getWorkerId() {
		return LeaseRange.workerIdOf(this.nodeId);
	}

	/**
	 * Returns the datacenter id of the lease.
	 * @return 0..31
	 */
	public int getDatacenterId() {
		return LeaseRange.datacenterIdOf(this.nodeId);
	}

	/**
	 * Returns the ZooKeeper session that owns the node.
	 * @return the session id; 0 for a backend without sessions, where the holder's token alone proves
	 * the lease
	 */
	public long getSessionId() {
		return this.sessionId;
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
	 * backend without sessions, the holder's token.
	 */
	String owner() {
		return (this.sessionId != 0) ? "session 0x" + Long.toHexString(this.sessionId) : "holder " + this.holder.token();
	}

	@Override
	public String toString() {
		return "WorkerIdLease[" + this.path + ", workerId=" + getWorkerId() + ", datacenterId=" + getDatacenterId()
				+ ", held by " + owner() + ", " + this.state + "]";
	}

}
