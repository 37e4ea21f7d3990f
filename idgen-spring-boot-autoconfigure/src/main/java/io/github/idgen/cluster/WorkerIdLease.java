package io.github.idgen.cluster;

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

	private final String path;

	private final int nodeId;

	private final long sessionId;

	private final LeaseHolder holder;

	private final Instant acquiredAt;

	private final LongSupplier nanoClock;

	/** Deadline on {@link #nanoClock}; the only field the {@code nextId()} path reads. */
	private volatile long validUntilNanos;

	private volatile State state = State.ACTIVE;

	private volatile String reason = "leased";

	WorkerIdLease(String path, int nodeId, long sessionId, LeaseHolder holder, Instant acquiredAt,
			LongSupplier nanoClock, long validUntilNanos) {
		this.path = path;
		this.nodeId = nodeId;
		this.sessionId = sessionId;
		this.holder = holder;
		this.acquiredAt = acquiredAt;
		this.nanoClock = nanoClock;
		this.validUntilNanos = validUntilNanos;
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
	}

	/**
	 * Ends the lease for good.
	 */
	void release(String why) {
		this.state = State.RELEASED;
		this.reason = why;
		this.validUntilNanos = this.nanoClock.getAsLong();
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
	 * @return the session id
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

	@Override
	public String toString() {
		return "WorkerIdLease[" + this.path + ", workerId=" + getWorkerId() + ", datacenterId=" + getDatacenterId()
				+ ", session=0x" + Long.toHexString(this.sessionId) + ", " + this.state + "]";
	}

}
