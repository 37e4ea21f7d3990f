package io.github.idgen.lease;

import java.io.IOException;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import org.jspecify.annotations.Nullable;

/**
 * A lease store in memory, for the rules that sit above any store (the high-water marks). Records
 * carry versions as ZooKeeper's do; a hook runs before the next write, to change a record between the
 * read and the compare-and-set as a concurrent writer would. What a real store does stays covered by
 * the cluster tests on a real ZooKeeper server.
 */
final class InMemoryLeaseBackend implements LeaseBackend {

	private final Map<Integer, VersionedMark> marks = new HashMap<>();

	private final Map<Integer, String> held = new ConcurrentHashMap<>();

	private final AtomicInteger markReads = new AtomicInteger();

	private @Nullable Runnable beforeNextWrite;

	private volatile @Nullable Exception failure;

	private volatile @Nullable CountDownLatch hanging;

	private volatile boolean loseNextGiveBackReply;

	/** Sets a record as a holder would have written it, bumping its version. */
	void putMark(int nodeId, HighWaterMark mark) {
		VersionedMark current = this.marks.get(nodeId);
		this.marks.put(nodeId, new VersionedMark(mark, (current != null) ? current.version() + 1 : 0));
	}

	HighWaterMark mark(int nodeId) {
		return readMarkUnchecked(nodeId).mark();
	}

	long version(int nodeId) {
		return readMarkUnchecked(nodeId).version();
	}

	/** Runs the given action once, before the next write is compared with the version read. */
	void beforeNextWrite(Runnable action) {
		this.beforeNextWrite = action;
	}

	/** Makes every call to the store fail, as an unreachable store does. */
	void failWith(Exception failure) {
		this.failure = failure;
	}

	/** Lets another holder hold a node id. */
	void holdFor(int nodeId, String token) {
		this.held.put(nodeId, token);
	}

	/** Returns the token that holds a node id, or null for a free one. */
	@Nullable String holder(int nodeId) {
		return this.held.get(nodeId);
	}

	/** Makes the next give-back free the node id and then fail, as one whose reply was lost does. */
	void loseNextGiveBackReply() {
		this.loseNextGiveBackReply = true;
	}

	/** Makes every call to the store wait until {@link #heal()}, as a store that went silent does. */
	void hang() {
		this.hanging = new CountDownLatch(1);
	}

	/** Makes the store answer again. */
	void heal() {
		this.failure = null;
		CountDownLatch silent = this.hanging;
		this.hanging = null;
		if (silent != null) {
			silent.countDown();
		}
	}

	/** Returns the node ids held now, whatever the injected failure. */
	Set<Integer> held() {
		return new HashSet<>(this.held.keySet());
	}

	int markReads() {
		return this.markReads.get();
	}

	private void throwIfFailing() throws Exception {
		CountDownLatch silent = this.hanging;
		if (silent != null) {
			silent.await();
		}
		if (this.failure != null) {
			throw this.failure;
		}
	}

	private VersionedMark readMarkUnchecked(int nodeId) {
		return this.marks.getOrDefault(nodeId, new VersionedMark(HighWaterMark.NONE, -1));
	}

	@Override
	public String location() {
		return "memory:/worker_ids";
	}

	@Override
	public String location(int nodeId) {
		return location() + "/" + nodeId;
	}

	@Override
	public long leaseTimeoutMillis() {
		return 3_000;
	}

	@Override
	public void prepare(NodeIdRange range) throws Exception {
		throwIfFailing();
	}

	@Override
	public Set<Integer> heldNodeIds(NodeIdRange range) throws Exception {
		throwIfFailing();
		Set<Integer> inRange = new HashSet<>();
		for (int nodeId : this.held.keySet()) {
			if (range.contains(nodeId)) {
				inRange.add(nodeId);
			}
		}
		return inRange;
	}

	@Override
	public Set<Integer> recordedNodeIds() throws Exception {
		throwIfFailing();
		return new HashSet<>(this.marks.keySet());
	}

	@Override
	public VersionedMark readMark(int nodeId) throws Exception {
		throwIfFailing();
		this.markReads.incrementAndGet();
		return readMarkUnchecked(nodeId);
	}

	@Override
	public boolean writeMark(int nodeId, long version, long claimId, HighWaterMark record) throws Exception {
		throwIfFailing();
		Runnable action = this.beforeNextWrite;
		this.beforeNextWrite = null;
		if (action != null) {
			action.run();
		}
		if (readMarkUnchecked(nodeId).version() != version) {
			return false;
		}
		this.marks.put(nodeId, new VersionedMark(record, version + 1));
		return true;
	}

	@Override
	public Claim claim(int nodeId, LeaseHolder holder, long markVersion, HighWaterMark record) throws Exception {
		throwIfFailing();
		if (this.held.containsKey(nodeId)) {
			return Claim.HELD_BY_ANOTHER;
		}
		if (!writeMark(nodeId, markVersion, 0, record)) {
			return Claim.MARK_CHANGED;
		}
		this.held.put(nodeId, holder.token());
		return Claim.claimed(1, Instant.EPOCH);
	}

	@Override
	public @Nullable String checkHeld(WorkerIdLease lease) throws Exception {
		throwIfFailing();
		return lease.getHolder().token().equals(this.held.get(lease.getNodeId())) ? null : "not held";
	}

	@Override
	public boolean giveBack(WorkerIdLease lease) throws Exception {
		throwIfFailing();
		boolean freed = this.held.remove(lease.getNodeId(), lease.getHolder().token());
		if (this.loseNextGiveBackReply) {
			this.loseNextGiveBackReply = false;
			throw new IOException("reply to the give-back lost");
		}
		return freed;
	}

	@Override
	public boolean isConnected() {
		return this.failure == null;
	}

}
