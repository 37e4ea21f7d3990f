package io.github.idgen.lease;

import java.time.Instant;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * Where leases and high-water mark records live: what a backend (ZooKeeper nodes, database rows)
 * implements for the {@link LeaseKeeper}. Every method may block on the store and may throw; the
 * keeper calls them on its own thread, except {@link #giveBack} at shutdown.
 * <p>
 * <b>The range.</b> A backend holds leases of node ids, never of worker ids: the keeper works out
 * which node ids to lease from the layout in force (a {@link NodeIdRange}: 1024 for
 * {@link io.github.idgen.snowflake.SnowflakeLayout#TWITTER}'s 5 + 5 bits with {@link LeaseRange#NODE_ID},
 * other sizes for other layouts) and passes it to {@link #prepare} and {@link #heldNodeIds}. A
 * backend keeps a lease and a record for every node id of that range (creating rows up front, say),
 * claims only node ids the keeper asks for, and must not assume any fixed size or bound of its own.
 */
public interface LeaseBackend {

	/**
	 * Describes where the leases live, for messages.
	 * @return for example the parent path of the lease nodes
	 */
	String location();

	/**
	 * Describes where one lease lives, for messages, logs and operators.
	 * @param nodeId the node id
	 * @return for example {@code /idgen/worker_ids/7}
	 */
	String location(int nodeId);

	/**
	 * Returns how long the store keeps a lease whose holder stopped proving it is alive; the
	 * deadlines and intervals of the keeper derive from it (see {@link LeaseTiming}).
	 * @return milliseconds, such as the negotiated ZooKeeper session timeout
	 */
	long leaseTimeoutMillis();

	/**
	 * Makes sure leases and records can be written for every node id of the range, creating parents,
	 * tables or rows as the store needs. Called before every lease is taken, with the same range.
	 * @param range the node ids the keeper leases from
	 * @throws Exception if the store cannot be reached
	 */
	void prepare(NodeIdRange range) throws Exception;

	/**
	 * Returns the node ids of the range that some holder holds.
	 * @param range the node ids the keeper leases from
	 * @return the held node ids, all in the range
	 * @throws Exception if the store cannot be reached
	 */
	Set<Integer> heldNodeIds(NodeIdRange range) throws Exception;

	/**
	 * Returns the node ids that have a high-water mark record.
	 * @return node ids
	 * @throws Exception if the store cannot be reached
	 */
	Set<Integer> recordedNodeIds() throws Exception;

	/**
	 * Reads the high-water mark record of a node id.
	 * @param nodeId the node id
	 * @return the record and its version; {@link HighWaterMark#NONE} and version -1 if there is none
	 * @throws Exception if the store cannot be reached
	 */
	VersionedMark readMark(int nodeId) throws Exception;

	/**
	 * Replaces a record if it is still at {@code version}.
	 * @param nodeId the node id
	 * @param version the version read, -1 for a record that did not exist
	 * @param claimId the claim of the lease that writes it ({@link WorkerIdLease#getClaimId()}), which a
	 * store that names each claim records as the mark's writer (see {@link VersionedMark#markedBy()})
	 * @param record the new record
	 * @return whether it was written; false if the record changed since it was read
	 * @throws Exception if the store cannot be reached
	 */
	boolean writeMark(int nodeId, long version, long claimId, HighWaterMark record) throws Exception;

	/**
	 * Claims a free node id and replaces its record, both or neither, on the condition that the
	 * record is still at {@code markVersion}.
	 * @param nodeId the node id
	 * @param holder who claims it; its token marks the lease as this keeper's
	 * @param markVersion the version of the record read, -1 for none
	 * @param record the record to write
	 * @return the claim, or why there was none
	 * @throws Exception if the store cannot be reached
	 */
	Claim claim(int nodeId, LeaseHolder holder, long markVersion, HighWaterMark record) throws Exception;

	/**
	 * Checks that a lease is still held, and makes the store report its loss from now on where it can
	 * (a watch).
	 * @param lease the lease
	 * @return {@code null} while held, else why it is lost
	 * @throws Exception if the store cannot be reached
	 */
	@Nullable String checkHeld(WorkerIdLease lease) throws Exception;

	/**
	 * Frees the node id of a lease given up, if this holder (its token) still holds it.
	 * <p>
	 * The keeper keys each give-back to its lease: a call that threw may have freed the node id with
	 * only its reply lost, so the keeper retries it with its renewals, but never while it claims, and
	 * it drops the give-backs of a node id once it has claimed that node id again. A backend may
	 * therefore free the node id whenever the token holds it. What it must not do is let a request
	 * that failed take effect after a later request of the same holder succeeded (ZooKeeper applies a
	 * session's requests in order; a database applies writes to one row in the order they take its
	 * lock): a give-back arriving after a new claim would free the new lease.
	 * @param lease the lease given up
	 * @return whether a lease was freed
	 * @throws Exception if the store cannot be reached or did not answer
	 */
	boolean giveBack(WorkerIdLease lease) throws Exception;

	/**
	 * Returns whether the store is reachable right now, as far as the backend can tell without asking.
	 * @return true while connected
	 */
	boolean isConnected();

	/**
	 * A record and the version it was read at.
	 * @param mark the record
	 * @param version its version, -1 if there is none
	 * @param markedBy the claim whose lease wrote the mark, where the store records it (Redis): a
	 * holder's record may carry its token with a mark another claim wrote (a successor's, left in a
	 * record restored from an older copy); 0 where the store does not record it
	 */
	record VersionedMark(HighWaterMark mark, long version, long markedBy) {

		/**
		 * A record of a store that does not record which claim wrote the mark.
		 * @param mark the record
		 * @param version its version, -1 if there is none
		 */
		public VersionedMark(HighWaterMark mark, long version) {
			this(mark, version, 0);
		}

		/**
		 * Returns whether the mark was written by a lease other than the one of a claim.
		 * @param claimId a claim id
		 * @return true if the store recorded another claim as the mark's writer
		 */
		public boolean markedByAnotherClaimThan(long claimId) {
			return this.markedBy != 0 && this.markedBy != claimId;
		}

	}

	/**
	 * What a claim came to, and what names the lease it made, for the backend's later requests and for
	 * operators: a store with sessions names it by the session that owns it; a store without sessions
	 * by the holder's {@link LeaseHolder#token() token}, and, where one holder may claim the same id
	 * again, by an id of the claim beside it.
	 * @param outcome whether it succeeded
	 * @param sessionId the store's session that owns the lease (ZooKeeper); 0 for a store without
	 * sessions
	 * @param claimId the store's id of this one claim of the holder, which its renewals and give-back
	 * name (Redis); 0 where the session or the token alone names the lease
	 * @param acquiredAt when the store recorded the claim
	 */
	record Claim(Outcome outcome, long sessionId, long claimId, @Nullable Instant acquiredAt) {

		/** A node id another holder holds. */
		public static final Claim HELD_BY_ANOTHER = new Claim(Outcome.HELD_BY_ANOTHER, 0, 0, null);

		/** The record changed since it was read. */
		public static final Claim MARK_CHANGED = new Claim(Outcome.MARK_CHANGED, 0, 0, null);

		/**
		 * A claim that succeeded, owned by a session of the store, or by the holder's token alone.
		 * @param sessionId the store's session that owns it, 0 for none
		 * @param acquiredAt when it was recorded
		 * @return the claim
		 */
		public static Claim claimed(long sessionId, Instant acquiredAt) {
			return new Claim(Outcome.CLAIMED, sessionId, 0, acquiredAt);
		}

		/**
		 * A claim that succeeded in a store without sessions that names each claim of a holder.
		 * @param claimId the id of this claim, not 0
		 * @param acquiredAt when it was recorded
		 * @return the claim
		 */
		public static Claim claimedAs(long claimId, Instant acquiredAt) {
			if (claimId == 0) {
				throw new IllegalArgumentException("claimId must not be 0");
			}
			return new Claim(Outcome.CLAIMED, 0, claimId, acquiredAt);
		}

		/** How a claim ended. */
		public enum Outcome {

			/** The node id is ours. */
			CLAIMED,

			/** Another holder holds it. */
			HELD_BY_ANOTHER,

			/** Its record changed since it was read: read it again. */
			MARK_CHANGED

		}

	}

}
