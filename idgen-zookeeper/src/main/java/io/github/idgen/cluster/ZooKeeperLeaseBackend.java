package io.github.idgen.cluster;

import java.time.Instant;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;

import io.github.idgen.lease.HighWaterMark;
import io.github.idgen.lease.LeaseBackend;
import io.github.idgen.lease.LeaseHolder;
import io.github.idgen.lease.NodeIdRange;
import io.github.idgen.lease.WorkerIdLease;
import org.apache.commons.lang3.math.NumberUtils;
import org.apache.curator.framework.WatcherRemoveCuratorFramework;
import org.apache.curator.framework.api.CuratorWatcher;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leases in ZooKeeper: an EPHEMERAL node {@code <path>/<nodeId>} per lease, whose data names the
 * holder and carries its token, and a persistent high-water mark record {@code <path>/marks/<nodeId>}.
 * <p>
 * A claim creates the node and writes the record in one transaction, conditioned on the record's
 * version, so that a holder paused between the two cannot stamp a record a successor took meanwhile.
 * A node is ours only if the current session owns it and its data carries our token: neither another
 * session's node (a dead session of this process included) nor another deployment's node on the same
 * session is ever adopted or deleted. A watch on the node reports its deletion.
 * <p>
 * With {@link LeafWorkers}, the worker ids of Leaf's Snowflake servers count as held: they are read
 * again before every lease, and at every check of the lease held, since a Leaf server that starts later
 * takes the next sequence number whatever idgen holds; a lease whose id such a server took is lost.
 */
final class ZooKeeperLeaseBackend implements LeaseBackend {

	private static final Logger logger = LoggerFactory.getLogger(ZooKeeperLeaseBackend.class);

	private final WatcherRemoveCuratorFramework client;

	private final String path;

	private final String marksPath;

	private final long requestedSessionTimeoutMillis;

	private final @Nullable LeafWorkers leafWorkers;

	/** The last reason Leaf's worker ids could not be told, logged once. */
	private volatile @Nullable String leafWorkersProblem;

	/** Told of a deleted lease node, by its path and why; nobody until the facade wires its keeper. */
	private volatile BiConsumer<String, String> lossReport = (nodePath, why) -> {
	};

	/** One watcher per node path: ZooKeeper keeps a watcher once however often it is set again. */
	private final Map<String, LeaseNodeWatcher> watchers = new ConcurrentHashMap<>();

	ZooKeeperLeaseBackend(WatcherRemoveCuratorFramework client, String path, long requestedSessionTimeoutMillis,
			@Nullable LeafWorkers leafWorkers) {
		this.client = client;
		this.leafWorkers = leafWorkers;
		this.path = path;
		this.marksPath = ZKPaths.makePath(path, ClusterDeploymentImpl.MARKS);
		this.requestedSessionTimeoutMillis = requestedSessionTimeoutMillis;
	}

	/**
	 * Sets who is told when a watched lease node is deleted: its holder must stop issuing at once.
	 * @param lossReport called on Curator's event thread with the node's path and the reason
	 */
	void reportLossesTo(BiConsumer<String, String> lossReport) {
		this.lossReport = lossReport;
	}

	@Override
	public String location() {
		return this.path;
	}

	@Override
	public String location(int nodeId) {
		return ZKPaths.makePath(this.path, Integer.toString(nodeId));
	}

	/** The session timeout the server granted; the requested one until a session exists. */
	@Override
	public long leaseTimeoutMillis() {
		try {
			return this.client.getZookeeperClient().getZooKeeper().getSessionTimeout();
		}
		catch (Exception ex) {
			return this.requestedSessionTimeoutMillis;
		}
	}

	/** Lease nodes are ephemeral and made by claims, records by the first claim of a node id: only the parents are made here. */
	@Override
	public void prepare(NodeIdRange range) throws Exception {
		// transactions cannot create parents
		try {
			this.client.create().creatingParentsIfNeeded().forPath(this.marksPath);
		}
		catch (KeeperException.NodeExistsException ex) {
			// created before
		}
	}

	@Override
	public Set<Integer> heldNodeIds(NodeIdRange range) throws Exception {
		Set<Integer> held = new HashSet<>();
		for (int nodeId : children(this.path)) {
			if (range.contains(nodeId)) {
				held.add(nodeId);
			}
		}
		for (int leafWorkerId : leafWorkerIds().keySet()) {
			if (range.contains(leafWorkerId)) {
				held.add(leafWorkerId);
			}
		}
		return held;
	}

	/**
	 * Reads the worker ids Leaf's servers hold at start, where a failure stops the start and is reported
	 * by it.
	 * @return none without Leaf's path
	 * @throws LeafWorkersUnreadableException if they cannot be told
	 * @throws Exception if ZooKeeper cannot be reached
	 */
	Map<Integer, String> leafWorkerIdsAtStart() throws Exception {
		return (this.leafWorkers != null) ? this.leafWorkers.read() : Map.of();
	}

	/**
	 * Reads the worker ids Leaf's servers hold, with the paths of their nodes.
	 * @return none without Leaf's path
	 * @throws LeafWorkersUnreadableException if they cannot be told
	 * @throws Exception if ZooKeeper cannot be reached
	 */
	Map<Integer, String> leafWorkerIds() throws Exception {
		if (this.leafWorkers == null) {
			return Map.of();
		}
		try {
			Map<Integer, String> read = this.leafWorkers.read();
			this.leafWorkersProblem = null;
			return read;
		}
		catch (LeafWorkersUnreadableException ex) {
			// the keeper only logs a failed renewal at DEBUG: say once why ids stop, since the lease then lapses
			if (!ex.getMessage().equals(this.leafWorkersProblem)) {
				logger.warn("{} A lease held is not renewed meanwhile, so its ids stop.", ex.getMessage());
				this.leafWorkersProblem = ex.getMessage();
			}
			throw ex;
		}
	}

	@Override
	public Set<Integer> recordedNodeIds() throws Exception {
		return children(this.marksPath);
	}

	private Set<Integer> children(String parent) throws Exception {
		Set<Integer> nodeIds = new HashSet<>();
		try {
			for (String child : this.client.getChildren().forPath(parent)) {
				nodeIds.add(NumberUtils.toInt(child, -1));
			}
		}
		catch (KeeperException.NoNodeException ex) {
			// nothing leased under this path yet
		}
		return nodeIds;
	}

	@Override
	public VersionedMark readMark(int nodeId) throws Exception {
		Stat stat = new Stat();
		try {
			return new VersionedMark(HighWaterMark.parse(this.client.getData().storingStatIn(stat).forPath(record(nodeId))),
					stat.getVersion());
		}
		catch (KeeperException.NoNodeException ex) {
			return new VersionedMark(HighWaterMark.NONE, -1);
		}
	}

	@Override
	public boolean writeMark(int nodeId, long version, long claimId, HighWaterMark record) throws Exception {
		try {
			if (version < 0) {
				this.client.create().forPath(record(nodeId), record.toBytes());
			}
			else {
				this.client.setData().withVersion((int) version).forPath(record(nodeId), record.toBytes());
			}
			return true;
		}
		catch (KeeperException.NodeExistsException | KeeperException.BadVersionException
				| KeeperException.NoNodeException raced) {
			return false;
		}
	}

	@Override
	public Claim claim(int nodeId, LeaseHolder holder, long markVersion, HighWaterMark record) throws Exception {
		long session = sessionId();
		byte[] written = record.withSessionId(session).toBytes();
		try {
			this.client.transaction()
				.forOperations(
						this.client.transactionOp().create().withMode(CreateMode.EPHEMERAL).forPath(location(nodeId),
								holder.toBytes()),
						(markVersion < 0) ? this.client.transactionOp().create().forPath(record(nodeId), written)
								: this.client.transactionOp().setData().withVersion((int) markVersion).forPath(record(nodeId),
										written));
		}
		catch (KeeperException ex) {
			if (ex.getResults() == null) {
				throw ex;
			}
			if (!failed(ex.getResults().get(0))) {
				return Claim.MARK_CHANGED;
			}
			// the node exists: another holder's, or ours if Curator retried a transaction that had committed
			if (!carriesToken(location(nodeId), holder)) {
				return Claim.HELD_BY_ANOTHER;
			}
		}
		Stat stat = this.client.checkExists().usingWatcher(watcherFor(location(nodeId))).forPath(location(nodeId));
		if (stat == null) {
			return Claim.HELD_BY_ANOTHER; // our session ended right after the claim
		}
		return Claim.claimed(stat.getEphemeralOwner(), Instant.ofEpochMilli(stat.getCtime()));
	}

	private static boolean failed(OpResult result) {
		return result instanceof OpResult.ErrorResult error && error.getErr() != 0
				&& error.getErr() != KeeperException.Code.RUNTIMEINCONSISTENCY.intValue();
	}

	@Override
	public @Nullable String checkHeld(WorkerIdLease lease) throws Exception {
		Stat stat = this.client.checkExists().usingWatcher(watcherFor(lease.getPath())).forPath(lease.getPath());
		if (lease.getSessionId() != sessionId()) {
			return "ZooKeeper session 0x" + Long.toHexString(lease.getSessionId()) + " ended";
		}
		if (stat == null) {
			return "lease node deleted";
		}
		if (stat.getEphemeralOwner() != lease.getSessionId()) {
			return "lease node owned by another session";
		}
		String leafNode = leafWorkerIds().get(lease.getNodeId());
		return (leafNode != null) ? "worker id " + lease.getNodeId() + " taken by Leaf's Snowflake server node " + leafNode
				: null;
	}

	@Override
	public boolean giveBack(WorkerIdLease lease) throws Exception {
		Stat stat = this.client.checkExists().forPath(lease.getPath());
		if (stat == null || stat.getEphemeralOwner() != sessionId() || !carriesToken(lease.getPath(), lease.getHolder())) {
			return false;
		}
		try {
			this.client.delete().withVersion(stat.getVersion()).forPath(lease.getPath());
			return true;
		}
		catch (KeeperException.NoNodeException ex) {
			return false;
		}
	}

	@Override
	public boolean isConnected() {
		return this.client.getZookeeperClient().isConnected();
	}

	private LeaseNodeWatcher watcherFor(String nodePath) {
		return this.watchers.computeIfAbsent(nodePath, LeaseNodeWatcher::new);
	}

	/**
	 * Removes every watch this backend set, for shutdown.
	 */
	void removeWatches() {
		this.client.removeWatchers();
	}

	private boolean carriesToken(String nodePath, LeaseHolder holder) throws Exception {
		try {
			return LeaseHolder.parse(this.client.getData().forPath(nodePath)).token().equals(holder.token());
		}
		catch (KeeperException.NoNodeException ex) {
			return false;
		}
	}

	private long sessionId() throws Exception {
		return this.client.getZookeeperClient().getZooKeeper().getSessionId();
	}

	private String record(int nodeId) {
		return ZKPaths.makePath(this.marksPath, Integer.toString(nodeId));
	}

	private final class LeaseNodeWatcher implements CuratorWatcher {

		private final String nodePath;

		LeaseNodeWatcher(String nodePath) {
			this.nodePath = nodePath;
		}

		@Override
		public void process(org.apache.zookeeper.WatchedEvent event) {
			if (event.getType() == EventType.NodeDeleted) {
				ZooKeeperLeaseBackend.this.lossReport.accept(this.nodePath, "lease node deleted");
			}
		}

	}

}
