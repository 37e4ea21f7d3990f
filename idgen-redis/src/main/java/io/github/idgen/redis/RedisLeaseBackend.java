package io.github.idgen.redis;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import io.github.idgen.lease.HighWaterMark;
import io.github.idgen.lease.LeaseBackend;
import io.github.idgen.lease.LeaseHolder;
import io.github.idgen.lease.NodeIdRange;
import io.github.idgen.lease.WorkerIdLease;
import io.lettuce.core.ScriptOutputType;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leases as Redis hashes, one per node id at {@code <prefix>:lease:<group>:<nodeId>} (see
 * {@link LeaseRecord} for the fields), each changed only by a Lua script that compares the holder's
 * token and claim id or the version read, and counted only once {@code WAIT} proved it on the
 * expected replicas ({@link RedisChannel}). Records carry no TTL: Redis expires keys by its own wall
 * clock, and safety never depends on a clock other than each instance's monotonic one.
 * <p>
 * <b>The rules.</b> A held record is claimed only after its version stood still for a whole lease
 * timeout on the claimer's monotonic clock ({@link RecordObservations}); every renewal writes a new
 * version, so a live holder is never taken over, and a holder that stopped renewing stopped issuing
 * by its deadline, two thirds of the timeout after the send time of its last successful renewal. A
 * free record is claimed at once only if it was freed (or claimed, or renewed) by this very server
 * incarnation: the server's {@code run_id} and {@code master_replid}, read by each script itself and
 * stored in the record as its epoch. A record that is missing is never free: {@link #prepare()}
 * creates it free but without an epoch, so it too is claimed only after a lease timeout.
 * <p>
 * <b>Why Redis losing data cannot give one id to two instances.</b> Redis can forget writes: a data
 * directory restored from an older copy, a replica promoted that had not received the last writes, a
 * record deleted or evicted. Each of these either starts a new incarnation (restart, promotion, a
 * primary re-synced from another: new {@code run_id} or {@code master_replid}) or deletes the record.
 * Then:
 * <ul>
 * <li>A record in a state older than the one its holder acted on was written in an earlier
 * incarnation (or is missing and recreated without one), so no claimer takes it before it stood still
 * for a lease timeout in the new incarnation, and the watch restarts with each new incarnation, since
 * an older state may show a version seen before. The holder it belonged to either still finds its
 * token and claim id in it (the copy had them) and renews as before, which moves the version; or its
 * next renewal, at most a third of the timeout later, finds it no longer named and fences it at
 * once. Either way the holder issues nothing with that id past its deadline, which lies before the
 * new incarnation began plus two thirds of the timeout, and so before any claimer's wait ends.</li>
 * <li>The high-water mark may be older than the holder's last ids. A holder whose renewal finds the
 * record no longer its own writes its last mark back into it (raising it, never lowering; a missing
 * record is created with it, without an epoch), so its successor waits for that mark as after a
 * normal handover, with its claim id as the mark's writer ({@code marked_by}): a restored copy may give
 * the record an earlier holder's token back, and that holder, getting what looks like its own record,
 * then waits for the successor's mark instead of continuing from its own ids alone (and a holder still
 * running on such a record ends its lease). A holder that died as well cannot do that: its last id was issued before it died,
 * at least a third of a lease timeout before its successor's first; ids repeat only if the
 * successor's clock is behind the dead holder's by more than that (the clock check at the first lease
 * warns of much smaller lags).</li>
 * <li>A give-back names the lease it frees (token and claim id), so a retried give-back never frees
 * a later claim of the same holder, also after a loss that reset other fields.</li>
 * </ul>
 * Without a data loss a restart still starts a new incarnation: instances keep the ids they hold
 * (their renewals settle them again) and a free id waits one lease timeout before it is claimed.
 */
final class RedisLeaseBackend implements LeaseBackend {

	private static final Logger logger = LoggerFactory.getLogger(RedisLeaseBackend.class);

	private static final long NONE = -1;

	private static final RedisScript READ = RedisScript.load("lease-read");

	private static final RedisScript SCAN = RedisScript.load("lease-scan");

	private static final RedisScript PREPARE = RedisScript.load("lease-prepare");

	private static final RedisScript CLAIM = RedisScript.load("lease-claim");

	private static final RedisScript RENEW = RedisScript.load("lease-renew");

	private static final RedisScript MARK = RedisScript.load("lease-mark");

	private static final RedisScript GIVE_BACK = RedisScript.load("lease-give-back");

	private final RedisChannel channel;

	private final String keyPrefix;

	private final long leaseTimeoutMillis;

	private final long markAheadMillis;

	private final LongSupplier nanoClock;

	private final RecordObservations observations;

	private volatile @Nullable NodeIdRange prepared;

	RedisLeaseBackend(RedisChannel channel, String keyPrefix, String group, long leaseTimeoutMillis,
			long markAheadMillis, LongSupplier nanoClock) {
		this.channel = channel;
		this.keyPrefix = keyPrefix + ":lease:" + group + ":";
		this.leaseTimeoutMillis = leaseTimeoutMillis;
		this.markAheadMillis = markAheadMillis;
		this.nanoClock = nanoClock;
		this.observations = new RecordObservations(TimeUnit.MILLISECONDS.toNanos(leaseTimeoutMillis));
	}

	@Override
	public String location() {
		return this.channel.describe() + "/" + this.keyPrefix.substring(0, this.keyPrefix.length() - 1);
	}

	@Override
	public String location(int nodeId) {
		return this.channel.describe() + "/" + key(nodeId);
	}

	private String key(int nodeId) {
		return this.keyPrefix + nodeId;
	}

	private String[] keys(int first, int last) {
		String[] keys = new String[last - first + 1];
		for (int i = 0; i < keys.length; i++) {
			keys[i] = key(first + i);
		}
		return keys;
	}

	@Override
	public long leaseTimeoutMillis() {
		return this.leaseTimeoutMillis;
	}

	/**
	 * Creates the records of the range that are missing, once; a record that vanishes later is created
	 * again by the scan that finds it missing. Either way it is claimed only after a lease timeout.
	 */
	@Override
	public void prepare(NodeIdRange range) throws InterruptedException {
		if (!range.equals(this.prepared)) {
			createProven(keys(range.first(), range.last()));
			this.prepared = range;
		}
	}

	/**
	 * Creates records, trying again for up to a lease timeout while the replicas do not acknowledge in
	 * time: a replica that fsyncs on a busy disk may miss one wait, and that must not fail a start.
	 * Records created but not proven are harmless, since none is claimed before it stood still for a
	 * whole lease timeout; a server with too few replicas was refused before ({@link RedisServerCheck}).
	 * A refusal of the server (a replica, {@code LOADING}, {@code OOM}) or a connection refused fails at
	 * once: it says what is wrong, and asking again at once, on a new connection each time, would not
	 * change it. Each try waits a tenth of the lease timeout after the one before.
	 */
	private void createProven(String[] keys) throws InterruptedException {
		long deadline = this.nanoClock.getAsLong() + TimeUnit.MILLISECONDS.toNanos(this.leaseTimeoutMillis);
		for (;;) {
			try {
				create(keys);
				return;
			}
			catch (RedisWriteNotProvenException ex) {
				if (this.nanoClock.getAsLong() - deadline >= 0) {
					throw ex;
				}
				logger.debug("Creating the worker-id lease records at {} again: {}", location(), ex.getMessage());
				Thread.sleep(this.leaseTimeoutMillis / 10);
			}
		}
	}

	private void create(String[] keys) {
		long base = ThreadLocalRandom.current().nextLong(1, (1L << 52) - 2048);
		Long created = this.channel.write(PREPARE, ScriptOutputType.INTEGER, keys, Long.toString(base));
		if (created != null && created > 0) {
			logger.info("Created {} missing worker-id lease record(s) at {}; each is claimed only after it stood still for"
					+ " a lease timeout ({} ms)", created, location(), this.leaseTimeoutMillis);
		}
	}

	/**
	 * Returns the node ids that cannot be claimed now: held, missing, or free but not freed by this
	 * server incarnation, unless watched standing still for a whole lease timeout. If no id can be
	 * claimed, reads them again once a lease timeout later, so that a dead holder's id is found: two
	 * reads of the range, not one every few hundred milliseconds, since 1024 instances starting
	 * together after a Redis restart each watch 1024 records (a give-back meanwhile is found at the
	 * end of the wait).
	 */
	@Override
	public Set<Integer> heldNodeIds(NodeIdRange range) throws Exception {
		int first = range.first();
		int last = range.last();
		Set<Integer> held = unclaimable(first, last);
		if (held.size() <= last - first) {
			return held;
		}
		// from after the first read: a record first seen then and unchanged since has stood still long enough
		Thread.sleep(this.leaseTimeoutMillis + 1);
		return unclaimable(first, last);
	}

	private Set<Integer> unclaimable(int first, int last) {
		List<?> reply = this.channel.read(SCAN, ScriptOutputType.MULTI, keys(first, last));
		long seenAt = this.nanoClock.getAsLong();
		String epoch = (String) reply.get(0);
		String[] lines = ((String) reply.get(1)).split("\n");
		Set<Integer> unclaimable = new HashSet<>();
		List<String> missing = new ArrayList<>();
		for (int i = 0; i < lines.length; i++) {
			int nodeId = first + i;
			int space = lines[i].indexOf(' ');
			long version = Long.parseLong(lines[i], 0, space, 10);
			String state = lines[i].substring(space + 1);
			if (state.equals("missing")) {
				unclaimable.add(nodeId);
				missing.add(key(nodeId));
				continue;
			}
			boolean waitedFor = !state.equals("free");
			this.observations.saw(nodeId, epoch, version, waitedFor, state.equals("held"), seenAt);
			if (waitedFor && !this.observations.waitedOut(nodeId, version, seenAt)) {
				unclaimable.add(nodeId);
			}
		}
		if (!missing.isEmpty()) {
			create(missing.toArray(String[]::new));
		}
		return unclaimable;
	}

	private String epochOf(int nodeId) {
		String epoch = this.observations.epochOf(nodeId);
		return (epoch != null) ? epoch : "";
	}

	@Override
	public Set<Integer> recordedNodeIds() {
		Set<Integer> named = new HashSet<>();
		NodeIdRange range = this.prepared;
		if (range == null) {
			return named;
		}
		read(range.first(), range.last()).forEach((nodeId, record) -> {
			if (record != null && !record.instance().isEmpty()) {
				named.add(nodeId);
			}
		});
		return named;
	}

	/** Reads records and notes each in the observations; a missing record maps to {@code null}. */
	private Map<Integer, @Nullable LeaseRecord> read(int first, int last) {
		List<?> reply = this.channel.read(READ, ScriptOutputType.MULTI, keys(first, last));
		long seenAt = this.nanoClock.getAsLong();
		String epoch = (String) reply.get(0);
		List<?> rows = (List<?>) reply.get(1);
		Map<Integer, @Nullable LeaseRecord> records = new HashMap<>();
		for (int i = 0; i < rows.size(); i++) {
			int nodeId = first + i;
			LeaseRecord record = LeaseRecord.of((List<?>) rows.get(i));
			records.put(nodeId, record);
			if (record != null) {
				this.observations.saw(nodeId, epoch, record.version(), record.mustBeWaitedFor(epoch),
						!record.holder().isEmpty(), seenAt);
			}
		}
		return records;
	}

	@Override
	public VersionedMark readMark(int nodeId) {
		LeaseRecord record = read(nodeId, nodeId).get(nodeId);
		return (record != null) ? new VersionedMark(record.toMark(), record.version(), record.markedBy())
				: new VersionedMark(HighWaterMark.NONE, NONE);
	}

	@Override
	public boolean writeMark(int nodeId, long version, long claimId, HighWaterMark record) {
		Long written = this.channel.write(MARK, ScriptOutputType.INTEGER, new String[] { key(nodeId) },
				Long.toString(version), record.token(), Long.toString(record.markMillis()), Long.toString(record.aheadMillis()),
				record.instanceName(), record.process(), Long.toString(newVersion()), Long.toString(claimId));
		return written != null && written == 1;
	}

	/**
	 * Claims a record at the version last read, in the incarnation it was read in; the new version is
	 * also the claim's id ({@link WorkerIdLease#getClaimId()}), so that renewals and the give-back name
	 * this one lease and never a later claim of the same holder.
	 */
	@Override
	public Claim claim(int nodeId, LeaseHolder holder, long markVersion, HighWaterMark record) {
		boolean waitedOut = this.observations.waitedOut(nodeId, markVersion, this.nanoClock.getAsLong());
		long claimId = newVersion();
		List<?> reply = this.channel.write(CLAIM, ScriptOutputType.MULTI, new String[] { key(nodeId) }, epochOf(nodeId),
				Long.toString(markVersion), waitedOut ? "1" : "0", holder.token(), holder.instanceName(), holder.process(),
				Long.toString(record.markMillis()), Long.toString(record.aheadMillis()), Long.toString(claimId));
		String outcome = (String) reply.get(0);
		if ("CLAIMED".equals(outcome)) {
			if (waitedOut && this.observations.wasHeld(nodeId)) {
				logger.warn("Took over worker id record {}: it stood still at version {} for a whole lease timeout ({} ms)"
						+ " on this host's monotonic clock, so its holder stopped issuing by its deadline", location(nodeId),
						markVersion, this.leaseTimeoutMillis);
			}
			else if (waitedOut) {
				logger.info("Claimed worker id record {} after it stood still for a lease timeout ({} ms): it was free, but"
						+ " not freed by this Redis server since it last started or was promoted", location(nodeId),
						this.leaseTimeoutMillis);
			}
			return Claim.claimedAs(claimId, Instant.now());
		}
		return "CHANGED".equals(outcome) ? Claim.MARK_CHANGED : Claim.HELD_BY_ANOTHER;
	}

	/**
	 * Renews the lease: writes a new version if the record still names this lease. If it does not,
	 * the script leaves this holder's mark in it (see the class description).
	 */
	@Override
	public @Nullable String checkHeld(WorkerIdLease lease) {
		LeaseHolder holder = lease.getHolder();
		Long renewed = this.channel.write(RENEW, ScriptOutputType.INTEGER, new String[] { key(lease.getNodeId()) },
				holder.token(), Long.toString(lease.getClaimId()), Long.toString(newVersion()),
				Long.toString(lease.getMarkMillis()), Long.toString(this.markAheadMillis), holder.instanceName(),
				holder.process());
		return (renewed != null && renewed == 1) ? null
				: "lease record " + lease.getPath() + " no longer names this lease (taken over, or Redis lost it)";
	}

	/**
	 * Frees the record if it still names this lease: token and claim id. Stricter than the keeper's
	 * contract asks ({@link LeaseBackend#giveBack}): a give-back retried after the same holder claimed
	 * the id again, or one that reaches Redis late on a connection given up, names an earlier claim and
	 * frees nothing.
	 */
	@Override
	public boolean giveBack(WorkerIdLease lease) {
		Long freed = this.channel.write(GIVE_BACK, ScriptOutputType.INTEGER, new String[] { key(lease.getNodeId()) },
				lease.getHolder().token(), Long.toString(lease.getClaimId()), Long.toString(newVersion()));
		return freed != null && freed == 1;
	}

	@Override
	public boolean isConnected() {
		return this.channel.isConnected();
	}

	/** A version no write had: random, below 2^52 so that Lua's numbers hold it exactly. */
	private static long newVersion() {
		return ThreadLocalRandom.current().nextLong(1, 1L << 52);
	}

}
