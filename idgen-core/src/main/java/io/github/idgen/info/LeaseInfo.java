package io.github.idgen.info;

import java.time.Duration;
import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * A snapshot of a worker-id lease, in terms every lease backend has.
 *
 * @param backend what keeps the lease
 * @param path where the lease lives, such as the ZooKeeper node {@code /idgen/worker_ids/7}
 * @param range which ids are leased from, such as {@code WORKER_ID} or {@code NODE_ID}
 * @param holder who holds it: this process
 * @param since when this lease was taken
 * @param sessionId the ZooKeeper session that owns the lease node, in hex; {@code null} for a backend
 * without sessions, where the holder's {@link Holder#token() token} proves ownership
 * @param claimId the id of this claim, which names the lease beside the holder's token (Redis: the
 * record's {@code claim} field); {@code null} for a backend whose session or token alone names it
 * @param state the lease's state, such as {@code ACTIVE}, {@code FENCED} or {@code RELEASED}
 * @param reason why the lease is in its state
 * @param timeLeft how long the lease stays valid without another renewal: from now to the send time
 * of its last successful renewal plus two thirds of the lease timeout; zero once that has passed, and
 * for a {@code FENCED} or {@code RELEASED} lease, which issues no id
 * @param markMillis this holder's last written high-water mark, which ids must not pass, in
 * milliseconds since 1970
 * @param floorMillis the previous holder's high-water mark, which ids must come after, in
 * milliseconds since 1970
 * @param counters running totals of the lease and of the calls it fenced
 */
public record LeaseInfo(Backend backend, String path, String range, Holder holder, Instant since,
		@Nullable String sessionId, @Nullable String claimId, String state, String reason, Duration timeLeft, long markMillis, long floorMillis,
		Counters counters) {

	/**
	 * What keeps worker-id leases.
	 */
	public enum Backend {

		/** EPHEMERAL nodes in ZooKeeper, owned by a session. */
		ZOOKEEPER,

		/** Rows of a table in the application's database, renewed. */
		JDBC,

		/** Hashes in Redis, renewed. */
		REDIS

	}

	/**
	 * The process holding a lease.
	 *
	 * @param process the process's name, {@code pid@host}
	 * @param host the host name
	 * @param pid the process id
	 * @param startedAt when the process started
	 * @param instanceName the configured instance name, or the process name
	 * @param token what names this holder in its lease node's data and mark record (ZooKeeper), in its
	 * lease row's {@code holder} column (JDBC) or in its lease record's {@code holder} field (Redis);
	 * unique per deployment and never reused
	 */
	public record Holder(String process, String host, long pid, Instant startedAt, String instanceName,
			String token) {

	}

	/**
	 * Running totals of a lease; every count only grows.
	 *
	 * @param leasesTaken leases taken, the first included
	 * @param leasesLost leases lost (session ended, lease deleted or taken); given back on purpose
	 * does not count
	 * @param reconnects reconnections to ZooKeeper, lease requests to the database that succeeded
	 * again after a failed one, or connections to Redis opened again after a failed request
	 * @param clockLagMillis how far this clock was found behind live holders' clocks at start-up
	 * @param refusedCalls calls that failed because the lease stayed unproven for the whole wait
	 * @param leaseWaits calls that found the lease unproven and waited (some then got ids)
	 * @param leaseWaitTime total time calls spent waiting for the lease
	 * @param renewals proofs of the lease: the store answered that this lease still holds the id
	 * (ZooKeeper: its node exists, owned by this session; a database: the holder's row was updated;
	 * Redis: the record names this claim), every third of the lease timeout and when a fenced lease is
	 * confirmed; each moves the lease's deadline
	 * @param renewalFailures scheduled renewals that proved nothing: the store did not answer, the lease
	 * was fenced (connection lost), or the store named another holder (then also a lease lost); while
	 * a database or Redis is down they keep growing, by up to three per lease timeout; on ZooKeeper a
	 * renewal waits for the connection, so an outage shows as a fenced lease and a reconnect
	 */
	public record Counters(long leasesTaken, long leasesLost, long reconnects, long clockLagMillis, long refusedCalls,
			long leaseWaits, Duration leaseWaitTime, long renewals, long renewalFailures) {

	}

}
