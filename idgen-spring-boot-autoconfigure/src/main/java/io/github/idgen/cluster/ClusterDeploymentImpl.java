package io.github.idgen.cluster;

import java.io.Closeable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import io.github.idgen.snowflake.MillisClock;
import org.apache.commons.lang3.StringUtils;
import org.apache.commons.lang3.math.NumberUtils;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.WatcherRemoveCuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.framework.api.CuratorWatcher;
import org.apache.curator.framework.listen.StandardListenerManager;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.utils.PathUtils;
import org.apache.curator.utils.ThreadUtils;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher.Event.EventType;
import org.apache.zookeeper.data.Stat;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leases a worker id from ZooKeeper: an ephemeral node {@code <path>/<nodeId>} created with a plain
 * {@code create()}, whose data names the holder (see {@link LeaseHolder}).
 * <p>
 * A node owned by another session, a dead session of this process included, is never adopted and
 * never deleted; only a node owned by the current session (a create retried after a connection
 * loss) counts as ours. The lease's deadline (see {@link WorkerIdLease}) is renewed every third of
 * the negotiated session timeout by reading the node, and runs two thirds of the session timeout
 * from the moment the read was sent: the server cannot expire the session, and so free the id,
 * sooner than a whole session timeout after that moment.
 * <p>
 * Connection states: {@code SUSPENDED} and {@code LOST} fence the lease at once (on Curator's event
 * thread, without waiting for any lock); {@code RECONNECTED} starts a recovery that confirms the
 * node in the same session or, after a new session or a lost node, leases again (the same id if it
 * is free) and then calls the reconnected listeners. A watch on the node fences and recovers when
 * someone deletes it. All ZooKeeper work after start runs on one thread per deployment.
 */
public final class ClusterDeploymentImpl implements ClusterDeployment, LeaseStatistics, Closeable {

	/** Parent path of the lease nodes unless another is set. */
	public static final String DEFAULT_PATH = "/idgen/worker_ids";

	/** Session timeout of a client this class creates, unless another is set. */
	public static final Duration DEFAULT_SESSION_TIMEOUT = Duration.ofSeconds(10);

	/** Connection timeout unless another is set. */
	public static final Duration DEFAULT_CONNECTION_TIMEOUT = Duration.ofSeconds(5);

	/** Child of the lease path that holds the high-water mark records, one per node id. */
	public static final String MARKS = "marks";

	/** How often the high-water mark is written unless another interval is set. */
	public static final Duration DEFAULT_MARK_INTERVAL = Duration.ofSeconds(1);

	/** How long a new holder may wait for the previous holder's mark unless another bound is set. */
	public static final Duration DEFAULT_MARK_MAX_WAIT = Duration.ofSeconds(10);

	/** Clock lag behind a live holder's mark that is logged at start-up unless another is set. */
	public static final Duration DEFAULT_CLOCK_SKEW_WARNING = Duration.ofSeconds(1);

	private static final Logger logger = LoggerFactory.getLogger(ClusterDeploymentImpl.class);

	private enum State {

		LATENT, STARTED, CLOSED

	}

	private final WatcherRemoveCuratorFramework client;

	private final CuratorFramework rootClient;

	private final boolean ownsClient;

	private final String path;

	private final LeaseRange range;

	private final int firstNodeId;

	private final int lastNodeId;

	private final Duration connectionTimeout;

	private final Duration requestedSessionTimeout;

	private final LeaseHolder holder;

	private final LongSupplier nanoClock;

	private final MillisClock clock;

	private final HighWaterMarkStore marks;

	private final long markIntervalMillis;

	private final long markMaxWaitMillis;

	private final long clockSkewWarningMillis;

	private volatile long measuredClockLagMillis;

	private final StandardListenerManager<Consumer<ClusterDeployment>> reconnectedListeners = StandardListenerManager
		.standard();

	private final StandardListenerManager<Consumer<WorkerIdLease>> leaseListeners = StandardListenerManager.standard();

	private final ConnectionStateListener connectionStateListener = (c, newState) -> onConnectionStateChanged(newState);

	private final AtomicReference<State> state = new AtomicReference<>(State.LATENT);

	/** Serialises every change of {@link #lease}; never taken by fencing. */
	private final Object leaseLock = new Object();

	private final AtomicBoolean recoveryPending = new AtomicBoolean();

	private final AtomicLong reconnects = new AtomicLong();

	private final AtomicLong leasesTaken = new AtomicLong();

	private final AtomicLong leasesLost = new AtomicLong();

	private volatile @Nullable WorkerIdLease lease;

	/** Leases given up whose node could not be deleted yet. */
	private final Set<WorkerIdLease> pendingGiveBacks = ConcurrentHashMap.newKeySet();

	/** The one {@code IdService} that issues ids under this deployment's leases, if any. */
	private final AtomicReference<@Nullable Object> issuer = new AtomicReference<>();

	/** The last id an issuer that was closed returned, so that the next one continues after it. */
	private final AtomicLong lastIdOfClosedIssuers = new AtomicLong();

	private volatile @Nullable LeaseNodeWatcher leaseNodeWatcher;

	private volatile @Nullable ScheduledExecutorService executor;

	private ClusterDeploymentImpl(Builder builder, CuratorFramework client, boolean ownsClient) {
		if (StringUtils.isNotEmpty(client.getNamespace())) {
			throw new IllegalArgumentException("The Curator client has namespace '" + client.getNamespace()
					+ "', which would move the worker id leases to '" + ZKPaths.makePath(client.getNamespace(), builder.path)
					+ "' while instances on clients without it lease under '" + builder.path
					+ "': two pools that hand out the same worker ids. Pass idgen a client without a namespace,"
					+ " such as client.usingNamespace(null), and put the namespace into the worker ids path instead.");
		}
		// watches are removed on close(), so that a client the caller keeps does not call back into us
		this.client = client.newWatcherRemoveCuratorFramework();
		this.rootClient = client;
		this.ownsClient = ownsClient;
		this.path = builder.path;
		this.range = builder.range;
		this.firstNodeId = builder.range.firstNodeId(builder.datacenterId);
		this.lastNodeId = builder.range.lastNodeId(builder.datacenterId);
		this.connectionTimeout = builder.connectionTimeout;
		this.requestedSessionTimeout = builder.sessionTimeout;
		this.holder = builder.holder.withNewToken();
		this.nanoClock = builder.nanoClock;
		this.clock = builder.clock;
		this.markIntervalMillis = builder.markInterval.toMillis();
		this.marks = new HighWaterMarkStore(this.client, ZKPaths.makePath(builder.path, MARKS), builder.clock,
				this.markIntervalMillis, this.holder);
		this.markMaxWaitMillis = builder.markMaxWait.toMillis();
		this.clockSkewWarningMillis = builder.clockSkewWarning.toMillis();
	}

	/**
	 * Starts a builder for a deployment that creates, starts and closes its own Curator client.
	 * @param connectString ZooKeeper's {@code host:port[,host:port...]}
	 * @return a new builder
	 */
	public static Builder builder(String connectString) {
		return new Builder(Objects.requireNonNull(connectString, "connectString must not be null"), null);
	}

	/**
	 * Starts a builder for a deployment on a client that the caller starts and closes.
	 * @param client a Curator client
	 * @return a new builder
	 */
	public static Builder builder(CuratorFramework client) {
		return new Builder(null, Objects.requireNonNull(client, "client must not be null"));
	}

	/**
	 * Connects to ZooKeeper, waiting at most the connection timeout. Leasing happens on first use of
	 * {@link #getWorkerId()} or {@link #updateWorkerId(boolean)}.
	 * @throws ZooKeeperUnavailableException if ZooKeeper cannot be reached in time; the deployment is
	 * then closed
	 */
	public void start() {
		if (!this.state.compareAndSet(State.LATENT, State.STARTED)) {
			throw new IllegalStateException("Cannot be started more than once");
		}
		try {
			this.client.getConnectionStateListenable().addListener(this.connectionStateListener);
			if (this.ownsClient) {
				this.rootClient.start();
			}
			else if (this.client.getState() != CuratorFrameworkState.STARTED) {
				throw new IllegalStateException("The Curator client passed in must be started before the deployment,"
						+ " and closed after it; its state is " + this.client.getState());
			}
			if (!this.client.blockUntilConnected((int) this.connectionTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
				throw new ZooKeeperUnavailableException(connectString(), this.connectionTimeout, null);
			}
			this.executor = ThreadUtils.newSingleThreadScheduledExecutor("idgen-lease" + this.path.replace('/', '-'));
			scheduleRenewal();
			this.executor.scheduleWithFixedDelay(() -> runGuarded("write the high-water mark", this::writeMarkAhead),
					this.markIntervalMillis, this.markIntervalMillis, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			close();
			throw new ZooKeeperUnavailableException(connectString(), this.connectionTimeout, ex);
		}
		catch (RuntimeException ex) {
			close();
			throw ex;
		}
	}

	@Override
	public int getWorkerId() {
		WorkerIdLease current = this.lease;
		return (current != null) ? current.getWorkerId() : updateWorkerId(false);
	}

	@Override
	public int getDatacenterId() {
		WorkerIdLease current = this.lease;
		if (current == null) {
			getWorkerId();
			current = Objects.requireNonNull(this.lease);
		}
		return current.getDatacenterId();
	}

	@Override
	public int updateWorkerId(boolean forced) {
		if (this.state.get() != State.STARTED) {
			throw new IllegalStateException("Worker ids are leased only between start() and close(), state is "
					+ this.state.get());
		}
		synchronized (this.leaseLock) {
			try {
				return updateLease(forced).getWorkerId();
			}
			catch (WorkerIdsExhaustedException | HighWaterMarksAheadException ex) {
				throw ex;
			}
			catch (Exception ex) {
				throw new IllegalStateException("Could not lease a worker id under " + this.path + " from ZooKeeper at '"
						+ connectString() + "': " + ex, ex);
			}
		}
	}

	private WorkerIdLease updateLease(boolean forced) throws Exception {
		WorkerIdLease current = this.lease;
		if (current == null || current.getState() == WorkerIdLease.State.RELEASED) {
			return acquire((current != null) ? current.getNodeId() : -1);
		}
		if (forced) {
			release(current, "given back to lease afresh");
			giveBack(current);
			return acquire(-1);
		}
		if (current.getState() == WorkerIdLease.State.ACTIVE && current.isValid()
				&& current.getSessionId() == sessionId()) {
			return current;
		}
		long sent = this.nanoClock.getAsLong();
		Stat stat = this.client.checkExists().usingWatcher(watcherFor(current)).forPath(current.getPath());
		long session = sessionId();
		if (stat != null && stat.getEphemeralOwner() == current.getSessionId() && current.getSessionId() == session) {
			// the mark may have run out while the lease was unproven: renew it before ids flow again
			Long written = this.marks.raiseOwn(current.getNodeId(), this.clock.millis(), session);
			if (written == null) {
				this.leasesLost.incrementAndGet();
				release(current, "high-water mark record taken over by another holder");
				giveBack(current);
				return acquire(-1);
			}
			current.advanceMark(written);
			current.confirm(sent + validityNanos());
			leaseChanged(current);
			logger.info("Confirmed worker id {} (datacenter id {}) at {} in session 0x{}", current.getWorkerId(),
					current.getDatacenterId(), current.getPath(), Long.toHexString(session));
			return current;
		}
		String why = (current.getSessionId() != session) ? "ZooKeeper session 0x"
				+ Long.toHexString(current.getSessionId()) + " ended"
				: (stat == null) ? "lease node deleted" : "lease node owned by another session";
		this.leasesLost.incrementAndGet();
		release(current, why);
		logger.warn("Lost worker id {} at {} ({}); leasing again", current.getWorkerId(), current.getPath(), why);
		return acquire(current.getNodeId());
	}

	/**
	 * Creates a lease node for a free id of the range, trying {@code preferredNodeId} first and the
	 * others in random order, so that instances starting together rarely collide.
	 */
	private WorkerIdLease acquire(int preferredNodeId) throws Exception {
		this.marks.createParent();
		Set<Integer> taken = takenNodeIds();
		if (this.leasesTaken.get() == 0) {
			warnIfBehindLiveHolders(taken);
		}
		List<Integer> free = new ArrayList<>();
		for (int nodeId = this.firstNodeId; nodeId <= this.lastNodeId; nodeId++) {
			if (!taken.contains(nodeId)) {
				free.add(nodeId);
			}
		}
		Collections.shuffle(free, ThreadLocalRandom.current());
		if (preferredNodeId < 0 && this.holder.hasConfiguredName()) {
			preferredNodeId = this.marks.stickyNodeId(free);
		}
		if (free.remove(Integer.valueOf(preferredNodeId))) {
			free.add(0, preferredNodeId);
		}
		int holders = taken.size();
		List<MarkRejection> rejections = new ArrayList<>();
		for (int nodeId : free) {
			WorkerIdLease created = tryClaim(nodeId, rejections);
			if (created != null) {
				return created;
			}
			holders++;
		}
		if (!rejections.isEmpty()) {
			MarkRejection nearest = Collections.min(rejections,
					(a, b) -> Long.compare(a.aheadMillis(), b.aheadMillis()));
			throw new HighWaterMarksAheadException(this.path, nearest.nodeId(), nearest.aheadMillis(),
					this.markMaxWaitMillis, nearest.mark(), rejections.size());
		}
		throw new WorkerIdsExhaustedException(this.path, this.range, this.firstNodeId, this.lastNodeId, holders);
	}

	/**
	 * Logs a warning when this clock is behind a live holder's clock by more than the threshold,
	 * judged from the instant its last mark was written: an early warning of a bad NTP.
	 */
	private void warnIfBehindLiveHolders(Set<Integer> taken) throws Exception {
		HighWaterMarkStore.Lag lag = this.marks.lagBehind(taken);
		this.measuredClockLagMillis = lag.millis();
		if (lag.millis() > this.clockSkewWarningMillis) {
			logger.warn("This host's clock is at least {} ms behind the clock of '{}' ({}), which holds an id under {},"
					+ " judged from its high-water mark. Check time synchronisation (NTP) on both hosts: ids this host"
					+ " takes over from hosts ahead of it wait for their marks.", lag.millis(), lag.mark().instanceName(),
					lag.mark().process(), this.path);
		}
	}

	private Set<Integer> takenNodeIds() throws Exception {
		Set<Integer> taken = new HashSet<>();
		try {
			for (String child : this.client.getChildren().forPath(this.path)) {
				int nodeId = NumberUtils.toInt(child, -1);
				if (nodeId >= this.firstNodeId && nodeId <= this.lastNodeId) {
					taken.add(nodeId);
				}
			}
		}
		catch (KeeperException.NoNodeException ex) {
			// no lease was ever taken under this path: the create below makes it
		}
		return taken;
	}

	/**
	 * Claims a node id: creates the lease node and takes its mark record over in one transaction, on
	 * the condition that the record is still the one read, so that a holder paused between the two
	 * can never stamp a record a successor took meanwhile.
	 */
	private @Nullable WorkerIdLease tryClaim(int nodeId, List<MarkRejection> rejections) throws Exception {
		String nodePath = ZKPaths.makePath(this.path, Integer.toString(nodeId));
		for (;;) {
			Stat markStat = new Stat();
			HighWaterMark previous = this.marks.read(nodeId, markStat);
			long now = this.clock.millis();
			long ahead = previous.markMillis() - now;
			// our own mark never holds us back: our generator continues after our own last id
			boolean ownRecord = previous.writtenBy(this.holder);
			if (!ownRecord && ahead > this.markMaxWaitMillis) {
				rejections.add(new MarkRejection(nodeId, ahead, previous));
				logger.warn("Skipped node id {} under {}: its high-water mark, promised by '{}' ({}), is {} ms ahead of"
						+ " this clock, more than the {} ms this instance may wait", nodeId, this.path,
						previous.instanceName(), previous.process(), ahead, this.markMaxWaitMillis);
				return null;
			}
			long sent = this.nanoClock.getAsLong();
			HighWaterMark written = this.marks.next(previous, now, sessionId());
			try {
				this.client.transaction()
					.forOperations(this.client.transactionOp()
						.create()
						.withMode(CreateMode.EPHEMERAL)
						.forPath(nodePath, this.holder.toBytes()), this.marks.writeIfUnchanged(nodeId, markStat.getVersion(), written));
			}
			catch (KeeperException ex) {
				if (ex.getResults() == null) {
					throw ex;
				}
				if (ex.getResults().get(0) instanceof OpResult.ErrorResult nodeResult && nodeResult.getErr() != 0
						&& nodeResult.getErr() != KeeperException.Code.RUNTIMEINCONSISTENCY.intValue()) {
					// the node exists: another holder's, or ours if Curator retried a transaction that had committed
					if (!nodeCarriesOurToken(nodePath)) {
						return null;
					}
				}
				else {
					continue; // the record changed since we read it: read it again
				}
			}
			Stat stat = this.client.checkExists().forPath(nodePath);
			if (stat == null) {
				return null; // our session ended right after the claim
			}
			WorkerIdLease ownPrevious = this.lease;
			// the record named this deployment: nobody held the id since (every holder stamps the record
			// before issuing), and our own ids continue after our last one
			boolean ownIdBack = ownRecord && ownPrevious != null && ownPrevious.getNodeId() == nodeId;
			long floor = ownIdBack ? ownPrevious.getFloorMillis() : previous.markMillis();
			return leased(nodeId, nodePath, stat, sent, floor, written.markMillis());
		}
	}

	private boolean nodeCarriesOurToken(String nodePath) throws Exception {
		try {
			return LeaseHolder.parse(this.client.getData().forPath(nodePath)).token().equals(this.holder.token());
		}
		catch (KeeperException.NoNodeException ex) {
			return false;
		}
	}

	private WorkerIdLease leased(int nodeId, String nodePath, Stat stat, long sent, long floor, long mark)
			throws Exception {
		WorkerIdLease previous = this.lease;
		if (previous != null && previous.getState() != WorkerIdLease.State.RELEASED) {
			release(previous, "replaced");
		}
		WorkerIdLease created = new WorkerIdLease(this.leasesTaken.get() + 1, nodePath, nodeId, stat.getEphemeralOwner(),
				this.holder, Instant.ofEpochMilli(stat.getCtime()), this.nanoClock, sent + validityNanos(), floor, mark);
		LeaseNodeWatcher watcher = new LeaseNodeWatcher(created);
		this.leaseNodeWatcher = watcher;
		this.client.checkExists().usingWatcher(watcher).forPath(nodePath);
		logger.info("Leased worker id {} (datacenter id {}) at {} in ZooKeeper session 0x{}{}", created.getWorkerId(),
				created.getDatacenterId(), nodePath, Long.toHexString(created.getSessionId()),
				(floor > this.clock.millis()) ? "; issuing from " + Instant.ofEpochMilli(floor)
						+ ", the previous holder's high-water mark" : "");
		this.lease = created;
		this.leasesTaken.incrementAndGet();
		leaseChanged(created);
		return created;
	}

	/**
	 * Writes the mark of the current lease ahead, on the lease thread; a failed write leaves the last
	 * mark standing, and ids stop at it. A record taken over by another holder ends the lease.
	 */
	private void writeMarkAhead() {
		WorkerIdLease current = this.lease;
		if (current == null || current.getState() != WorkerIdLease.State.ACTIVE || !current.isValid()) {
			return;
		}
		try {
			long now = this.clock.millis();
			boolean stalled = now >= current.getMarkMillis();
			Long written = this.marks.raiseOwn(current.getNodeId(), now, current.getSessionId());
			if (written != null) {
				current.advanceMark(written);
				if (stalled) {
					// ids had stopped at the old mark: waiting callers may go on
					leaseChanged(current);
				}
			}
			else if (this.lease == current) {
				fence(current, "high-water mark record taken over by another holder");
				scheduleRecovery(0);
			}
		}
		catch (Exception ex) {
			if (this.clock.millis() >= current.getMarkMillis()) {
				logger.warn("Could not write the high-water mark of {}: no ids are issued until a write succeeds",
						current.getPath(), ex);
			}
			else {
				logger.debug("Could not write the high-water mark of {}; the last one still stands", current.getPath(),
						ex);
			}
		}
	}

	private void release(WorkerIdLease released, String why) {
		released.release(why);
		leaseChanged(released);
	}

	private void leaseChanged(WorkerIdLease changed) {
		this.leaseListeners.forEach((listener) -> listener.accept(changed));
	}

	/**
	 * Deletes the node of a lease given up, if the current session owns it and it carries our token,
	 * so that the id is free at once and does not count as taken by us. A delete that fails is retried
	 * by the renewal; it never hides the failure that made us give the id up.
	 */
	private void giveBack(WorkerIdLease released) {
		try {
			Stat stat = this.client.checkExists().forPath(released.getPath());
			if (stat != null && stat.getEphemeralOwner() == sessionId() && nodeCarriesOurToken(released.getPath())) {
				this.client.delete().withVersion(stat.getVersion()).forPath(released.getPath());
				logger.info("Gave back worker id {} ({})", released.getWorkerId(), released.getPath());
			}
			this.pendingGiveBacks.remove(released);
		}
		catch (Exception ex) {
			this.pendingGiveBacks.add(released);
			logger.warn("Could not delete lease node {} of worker id {}, given up; retrying with the next renewal",
					released.getPath(), released.getWorkerId(), ex);
		}
	}

	private CuratorWatcher watcherFor(WorkerIdLease watched) {
		LeaseNodeWatcher current = this.leaseNodeWatcher;
		return (current != null && current.watched == watched) ? current : new LeaseNodeWatcher(watched);
	}

	private void onConnectionStateChanged(ConnectionState newState) {
		WorkerIdLease current = this.lease;
		switch (newState) {
			case SUSPENDED -> fence(current, "connection to ZooKeeper suspended");
			case LOST -> fence(current, "ZooKeeper session lost");
			case RECONNECTED -> {
				this.reconnects.incrementAndGet();
				scheduleRecovery(0);
			}
			default -> {
			}
		}
	}

	private void fence(@Nullable WorkerIdLease fenced, String why) {
		if (fenced != null && fenced.getState() != WorkerIdLease.State.RELEASED) {
			fenced.fence(why);
			leaseChanged(fenced);
			logger.warn("Stopped issuing ids with worker id {} ({}): {}", fenced.getWorkerId(), fenced.getPath(), why);
		}
	}

	private void scheduleRenewal() {
		ScheduledExecutorService scheduler = this.executor;
		if (scheduler != null && this.state.get() == State.STARTED) {
			scheduler.schedule(this::renew, renewalIntervalMillis(), TimeUnit.MILLISECONDS);
		}
	}

	/**
	 * Reads the lease node; a read in the owning session is the evidence that moves the deadline. A
	 * lease fenced while the client is connected (a renewal that failed on a live connection sends
	 * no connection event to lift it) gets a recovery instead.
	 */
	private void renew() {
		try {
			for (WorkerIdLease released : List.copyOf(this.pendingGiveBacks)) {
				giveBack(released);
			}
			WorkerIdLease current = this.lease;
			if (current == null || current.getState() == WorkerIdLease.State.RELEASED) {
				return;
			}
			if (current.getState() == WorkerIdLease.State.FENCED) {
				if (this.client.getZookeeperClient().isConnected()) {
					scheduleRecovery(0);
				}
				return;
			}
			long sent = this.nanoClock.getAsLong();
			Stat stat = this.client.checkExists().usingWatcher(watcherFor(current)).forPath(current.getPath());
			if (stat != null && stat.getEphemeralOwner() == current.getSessionId()) {
				boolean lapsed = !current.isValid();
				current.renew(sent + validityNanos());
				if (lapsed && current.isValid()) {
					// a pause let the deadline run out without any event: waiting callers may go on
					leaseChanged(current);
				}
			}
			else if (this.lease == current) {
				fence(current, (stat == null) ? "lease node deleted" : "lease node owned by another session");
				scheduleRecovery(0);
			}
		}
		catch (Throwable ex) {
			// the deadline stands and runs out by itself; connection events drive the recovery
			logger.debug("Could not renew the worker id lease", ex);
			WorkerIdLease current = this.lease;
			if (current != null && current.getState() == WorkerIdLease.State.ACTIVE && !current.isValid()) {
				fence(current, "lease not renewed in time: " + ex);
			}
		}
		finally {
			scheduleRenewal();
		}
	}

	private void scheduleRecovery(long delayMillis) {
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
			updateWorkerId(false);
		}
		catch (WorkerIdsExhaustedException | HighWaterMarksAheadException ex) {
			long retry = renewalIntervalMillis();
			logger.warn("No ids are issued; retrying in {} ms. {}", retry, ex.getMessage());
			scheduleRecovery(retry);
			return;
		}
		catch (RuntimeException | Error ex) {
			long retry = renewalIntervalMillis();
			logger.warn("Could not lease a worker id again under {}; no ids are issued; retrying in {} ms", this.path,
					retry, ex);
			scheduleRecovery(retry);
			return;
		}
		this.reconnectedListeners.forEach((listener) -> listener.accept(this));
	}

	@Override
	public @Nullable WorkerIdLease currentLease() {
		return this.lease;
	}

	@Override
	public long attachIssuer(Object issuer) {
		Object current = this.issuer.compareAndExchange(null, issuer);
		if (current != null && current != issuer) {
			WorkerIdLease held = this.lease;
			throw new IllegalStateException("The worker id lease " + ((held != null) ? held.getPath() : this.path)
					+ " already serves " + current + "; two IdServices on one lease would issue the same ids. Close"
					+ " that one first, or share it (one IdService bean per deployment).");
		}
		return this.lastIdOfClosedIssuers.get();
	}

	@Override
	public void detachIssuer(Object issuer, long lastIssuedId) {
		this.lastIdOfClosedIssuers.accumulateAndGet(lastIssuedId, Math::max);
		this.issuer.compareAndSet(issuer, null);
	}

	/** Runs a periodic task so that nothing it throws, an Error included, cancels its next runs. */
	private static void runGuarded(String what, Runnable task) {
		try {
			task.run();
		}
		catch (Throwable ex) {
			logger.error("Could not {}; trying again at the next interval", what, ex);
		}
	}

	@Override
	public void addReconnectedListener(Consumer<ClusterDeployment> listener) {
		this.reconnectedListeners.addListener(listener);
	}

	@Override
	public void addLeaseListener(Consumer<WorkerIdLease> listener) {
		this.leaseListeners.addListener(listener);
	}

	/**
	 * Returns how often the client reconnected to ZooKeeper since start.
	 * @return the number of {@code RECONNECTED} events
	 */
	@Override
	public long getReconnects() {
		return this.reconnects.get();
	}

	/**
	 * Returns how many leases were taken since start, the first included.
	 * @return the number of lease nodes created
	 */
	@Override
	public long getLeasesTaken() {
		return this.leasesTaken.get();
	}

	/**
	 * Returns how many leases were lost since start: taken over by a new session, deleted or owned by
	 * another session when checked. Leases given back on purpose do not count.
	 * @return the number of lost leases
	 */
	@Override
	public long getLeasesLost() {
		return this.leasesLost.get();
	}

	/**
	 * Returns by how much this clock was found behind the clocks of live holders at start-up, judged
	 * from their high-water marks.
	 * @return milliseconds, 0 if not behind
	 */
	@Override
	public long getMeasuredClockLagMillis() {
		return this.measuredClockLagMillis;
	}

	/**
	 * Returns the data this deployment writes into its lease node and mark records.
	 * @return the holder
	 */
	public LeaseHolder getHolder() {
		return this.holder;
	}

	/**
	 * Returns the ZooKeeper connect string in use.
	 * @return the connect string
	 */
	public String getConnectString() {
		return connectString();
	}

	/**
	 * Returns the parent path of the lease nodes.
	 * @return the path
	 */
	@Override
	public String getPath() {
		return this.path;
	}

	/**
	 * Returns the range of ids this deployment leases from.
	 * @return the range
	 */
	@Override
	public LeaseRange getRange() {
		return this.range;
	}

	/**
	 * Stops renewing, gives back the lease (deletes the node if the session still owns it, so another
	 * instance can lease the id at once) and closes the client if this deployment created it.
	 */
	@Override
	public void close() {
		State previous = this.state.getAndSet(State.CLOSED);
		if (previous == State.CLOSED) {
			return;
		}
		this.client.getConnectionStateListenable().removeListener(this.connectionStateListener);
		this.leaseListeners.clear();
		ScheduledExecutorService scheduler = this.executor;
		if (scheduler != null) {
			scheduler.shutdownNow();
		}
		synchronized (this.leaseLock) {
			WorkerIdLease current = this.lease;
			if (current != null) {
				release(current, "closed");
				giveBackAtShutdown(current);
			}
		}
		this.reconnectedListeners.clear();
		this.client.removeWatchers();
		if (this.ownsClient) {
			this.rootClient.close();
		}
	}

	private void giveBackAtShutdown(WorkerIdLease released) {
		if (!this.client.getZookeeperClient().isConnected()) {
			logger.warn("Not connected to ZooKeeper at shutdown: lease node {} disappears when session 0x{} expires",
					released.getPath(), Long.toHexString(released.getSessionId()));
			return;
		}
		giveBack(released);
		if (this.pendingGiveBacks.remove(released)) {
			logger.warn("Lease node {} disappears when session 0x{} expires", released.getPath(),
					Long.toHexString(released.getSessionId()));
		}
	}

	private long sessionId() throws Exception {
		return this.client.getZookeeperClient().getZooKeeper().getSessionId();
	}

	/** The session timeout the server granted; the requested one until a session exists. */
	private long negotiatedSessionTimeoutMillis() {
		try {
			return this.client.getZookeeperClient().getZooKeeper().getSessionTimeout();
		}
		catch (Exception ex) {
			logger.debug("No ZooKeeper handle; using the requested session timeout", ex);
			return this.requestedSessionTimeout.toMillis();
		}
	}

	/** Two thirds of the session timeout: the server frees the id no sooner than a whole one. */
	private long validityNanos() {
		return TimeUnit.MILLISECONDS.toNanos(negotiatedSessionTimeoutMillis() * 2 / 3);
	}

	private long renewalIntervalMillis() {
		return Math.max(negotiatedSessionTimeoutMillis() / 3, 50);
	}

	private String connectString() {
		return this.client.getZookeeperClient().getCurrentConnectionString();
	}

	private record MarkRejection(int nodeId, long aheadMillis, HighWaterMark mark) {
	}


	private final class LeaseNodeWatcher implements CuratorWatcher {

		private final WorkerIdLease watched;

		LeaseNodeWatcher(WorkerIdLease watched) {
			this.watched = watched;
		}

		@Override
		public void process(WatchedEvent event) {
			if (event.getType() == EventType.NodeDeleted && ClusterDeploymentImpl.this.lease == this.watched) {
				fence(this.watched, "lease node deleted");
				scheduleRecovery(0);
			}
		}

	}

	/**
	 * Builds a {@link ClusterDeploymentImpl}.
	 */
	public static final class Builder {

		private final @Nullable String connectString;

		private final @Nullable CuratorFramework client;

		private String path = DEFAULT_PATH;

		private LeaseRange range = LeaseRange.WORKER_ID;

		private int datacenterId;

		private Duration sessionTimeout = DEFAULT_SESSION_TIMEOUT;

		private Duration connectionTimeout = DEFAULT_CONNECTION_TIMEOUT;

		private LeaseHolder holder = LeaseHolder.ofThisProcess();

		private LongSupplier nanoClock = System::nanoTime;

		private MillisClock clock = MillisClock.SYSTEM;

		private Duration markInterval = DEFAULT_MARK_INTERVAL;

		private Duration markMaxWait = DEFAULT_MARK_MAX_WAIT;

		private Duration clockSkewWarning = DEFAULT_CLOCK_SKEW_WARNING;

		private Consumer<CuratorFrameworkFactory.Builder> clientCustomizer = (builder) -> {
		};

		private Builder(@Nullable String connectString, @Nullable CuratorFramework client) {
			this.connectString = connectString;
			this.client = client;
		}

		/**
		 * Sets the parent path of the lease nodes.
		 * @param path a valid ZooKeeper path
		 * @return this builder
		 */
		public Builder workerIdsPath(String path) {
			PathUtils.validatePath(path);
			this.path = path;
			return this;
		}

		/**
		 * Sets the range of ids to lease from.
		 * @param range the range
		 * @param datacenterId the datacenter id, 0..31; only used with {@link LeaseRange#WORKER_ID}
		 * @return this builder
		 */
		public Builder leaseRange(LeaseRange range, int datacenterId) {
			if (datacenterId < 0 || datacenterId > io.github.idgen.snowflake.SnowflakeLayout.MAX_DATACENTER_ID) {
				throw new IllegalArgumentException("datacenterId must be between 0 and 31, was " + datacenterId);
			}
			this.range = Objects.requireNonNull(range, "range must not be null");
			this.datacenterId = datacenterId;
			return this;
		}

		/**
		 * Sets the session timeout asked of ZooKeeper by a client this deployment creates; the server
		 * may negotiate it into its own bounds.
		 * @param sessionTimeout the session timeout
		 * @return this builder
		 */
		public Builder sessionTimeout(Duration sessionTimeout) {
			this.sessionTimeout = requirePositive("sessionTimeout", sessionTimeout);
			return this;
		}

		/**
		 * Sets how long to wait for a connection.
		 * @param connectionTimeout the connection timeout
		 * @return this builder
		 */
		public Builder connectionTimeout(Duration connectionTimeout) {
			this.connectionTimeout = requirePositive("connectionTimeout", connectionTimeout);
			return this;
		}

		/**
		 * Sets the data written into the lease node.
		 * @param holder who holds the lease
		 * @return this builder
		 */
		public Builder holder(LeaseHolder holder) {
			this.holder = Objects.requireNonNull(holder, "holder must not be null");
			return this;
		}

		/**
		 * Names this instance, so that it gets back the id it held last time if that id is free (sticky
		 * worker ids); for example a StatefulSet pod name or {@code host:port}.
		 * @param instanceName a stable name, or {@code null} for none
		 * @return this builder
		 */
		public Builder instanceName(@Nullable String instanceName) {
			this.holder = LeaseHolder.ofThisProcess(instanceName);
			return this;
		}

		/**
		 * Sets the wall clock the high-water marks are written and compared with; the generator of
		 * the proxy must use the same clock.
		 * @param clock milliseconds since 1970
		 * @return this builder
		 */
		public Builder clock(MillisClock clock) {
			this.clock = Objects.requireNonNull(clock, "clock must not be null");
			return this;
		}

		/**
		 * Sets how often the high-water mark is written; each write promises ids up to twice the
		 * interval ahead of the clock.
		 * @param markInterval the interval
		 * @return this builder
		 */
		public Builder markInterval(Duration markInterval) {
			this.markInterval = requirePositive("markInterval", markInterval);
			return this;
		}

		/**
		 * Sets how long a new holder may wait for its clock to pass the previous holder's mark; an id
		 * with a mark further ahead is given back and another one leased.
		 * @param markMaxWait the bound
		 * @return this builder
		 */
		public Builder markMaxWait(Duration markMaxWait) {
			this.markMaxWait = requirePositive("markMaxWait", markMaxWait);
			return this;
		}

		/**
		 * Sets how far behind a live holder's clock this clock may be at start-up before a warning is
		 * logged.
		 * @param clockSkewWarning the threshold
		 * @return this builder
		 */
		public Builder clockSkewWarning(Duration clockSkewWarning) {
			this.clockSkewWarning = requirePositive("clockSkewWarning", clockSkewWarning);
			return this;
		}

		/**
		 * Sets the monotonic clock of the lease deadline, for tests.
		 * @param nanoClock nanoseconds, like {@link System#nanoTime()}
		 * @return this builder
		 */
		public Builder nanoClock(LongSupplier nanoClock) {
			this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock must not be null");
			return this;
		}

		/**
		 * Lets the caller tune the Curator client this deployment creates, after the defaults are
		 * set; ignored for a client passed to {@link ClusterDeploymentImpl#builder(CuratorFramework)}.
		 * @param customizer called with the client's builder
		 * @return this builder
		 */
		public Builder customizeClient(Consumer<CuratorFrameworkFactory.Builder> customizer) {
			this.clientCustomizer = this.clientCustomizer.andThen(Objects.requireNonNull(customizer, "customizer must not be null"));
			return this;
		}

		private static Duration requirePositive(String name, Duration value) {
			if (value == null || value.isNegative() || value.isZero()) {
				throw new IllegalArgumentException(name + " must be positive, was " + value);
			}
			return value;
		}

		/**
		 * Builds the deployment; call {@link ClusterDeploymentImpl#start()} next.
		 * @return the deployment
		 */
		public ClusterDeploymentImpl build() {
			if (this.client != null) {
				return new ClusterDeploymentImpl(this, this.client, false);
			}
			CuratorFrameworkFactory.Builder clientBuilder = CuratorFrameworkFactory.builder()
				.connectString(Objects.requireNonNull(this.connectString))
				.sessionTimeoutMs((int) this.sessionTimeout.toMillis())
				.connectionTimeoutMs((int) this.connectionTimeout.toMillis())
				// lease operations retry briefly; recovery has its own schedule
				.retryPolicy(new ExponentialBackoffRetry(100, 3))
				// Curator declares LOST a whole session timeout after SUSPENDED, not sooner: safety
				// rests on the lease deadline, and giving up a live session early costs a worker id
				.simulatedSessionExpirationPercent(100)
				// the connect string is the configured one; the server's view must not rewrite it
				.ensembleTracker(false);
			this.clientCustomizer.accept(clientBuilder);
			return new ClusterDeploymentImpl(this, clientBuilder.build(), true);
		}

	}

}
