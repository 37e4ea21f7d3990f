package io.github.idgen.cluster;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.lease.AbstractLeaseDeployment;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.LeaseDeploymentBuilder;
import io.github.idgen.lease.LeaseKeeper;
import io.github.idgen.lease.LeaseSettings;
import org.apache.commons.lang3.StringUtils;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.curator.utils.ZKPaths;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leases a worker id from ZooKeeper: the {@link ClusterDeployment} of cluster mode. A facade that
 * wires a {@link LeaseKeeper} (taking, proving, fencing, recovering and giving back the lease, on one
 * thread) to a {@link ZooKeeperLeaseBackend} (nodes, records, watches) and to the Curator client's
 * connection states.
 * <p>
 * Connection states: {@code SUSPENDED} and {@code LOST} fence the lease at once, on Curator's event
 * thread and without any lock; {@code RECONNECTED} asks the keeper for a recovery, which confirms the
 * node in the same session or, after a new session or a lost node, leases again (the same id if it is
 * free) and then calls the reconnected listeners. A client passed in must have no namespace: it would
 * move the leases away from instances whose clients have none, and the two pools would hand out the
 * same worker ids.
 */
public final class ClusterDeploymentImpl extends AbstractLeaseDeployment {

	private static final Logger logger = LoggerFactory.getLogger(ClusterDeploymentImpl.class);

	/** Parent path of the lease nodes unless another is set. */
	public static final String DEFAULT_PATH = "/idgen/worker_ids";

	/** Session timeout of a client this class creates, unless another is set. */
	public static final Duration DEFAULT_SESSION_TIMEOUT = Duration.ofSeconds(10);

	/** Connection timeout unless another is set. */
	public static final Duration DEFAULT_CONNECTION_TIMEOUT = Duration.ofSeconds(5);

	/** Child of the lease path that holds the high-water mark records, one per node id. */
	public static final String MARKS = "marks";

	/** How often the high-water mark is written unless another interval is set. */
	public static final Duration DEFAULT_MARK_INTERVAL = LeaseDeploymentBuilder.DEFAULT_MARK_INTERVAL;

	/** How long a new holder may wait for the previous holder's mark unless another bound is set. */
	public static final Duration DEFAULT_MARK_MAX_WAIT = LeaseDeploymentBuilder.DEFAULT_MARK_MAX_WAIT;

	/** Clock lag behind a live holder's mark that is logged at start-up unless another is set. */
	public static final Duration DEFAULT_CLOCK_SKEW_WARNING = LeaseDeploymentBuilder.DEFAULT_CLOCK_SKEW_WARNING;

	private final CuratorFramework rootClient;

	private final boolean ownsClient;

	private final Duration connectionTimeout;

	private final @Nullable String leafWorkersPath;

	private final ZooKeeperLeaseBackend backend;

	private final ConnectionStateListener connectionStateListener = (c, newState) -> onConnectionStateChanged(newState);

	private final AtomicBoolean closed = new AtomicBoolean();

	private final AtomicLong reconnects = new AtomicLong();

	ClusterDeploymentImpl(ClusterDeploymentBuilder builder, LeaseSettings settings, CuratorFramework client,
			boolean ownsClient) {
		// watches are removed on close(), so that a client the caller keeps never calls back into us
		this(builder, settings, new ZooKeeperLeaseBackend(
				requireNoNamespace(client, builder.path).newWatcherRemoveCuratorFramework(), builder.path,
				builder.sessionTimeout.toMillis(),
				(builder.leafWorkersPath != null) ? new LeafWorkers(client, builder.leafWorkersPath) : null), client,
				ownsClient);
	}

	private ClusterDeploymentImpl(ClusterDeploymentBuilder builder, LeaseSettings settings,
			ZooKeeperLeaseBackend backend, CuratorFramework client, boolean ownsClient) {
		super(backend, settings);
		this.rootClient = client;
		this.ownsClient = ownsClient;
		this.connectionTimeout = builder.connectionTimeout;
		this.leafWorkersPath = builder.leafWorkersPath;
		this.backend = backend;
		backend.reportLossesTo(keeper()::lost);
	}

	private static CuratorFramework requireNoNamespace(CuratorFramework client, String path) {
		if (StringUtils.isNotEmpty(client.getNamespace())) {
			throw new IllegalArgumentException("The Curator client has namespace '" + client.getNamespace()
					+ "', which would move the worker id leases to '" + ZKPaths.makePath(client.getNamespace(), path)
					+ "' while instances on clients without it lease under '" + path
					+ "': two pools that hand out the same worker ids. Pass idgen a client without a namespace,"
					+ " such as client.usingNamespace(null), and put the namespace into the worker ids path instead.");
		}
		return client;
	}

	/**
	 * Starts a builder for a deployment that creates, starts and closes its own Curator client.
	 * @param connectString ZooKeeper's {@code host:port[,host:port...]}
	 * @return a new builder
	 */
	public static ClusterDeploymentBuilder builder(String connectString) {
		return new ClusterDeploymentBuilder(Objects.requireNonNull(connectString, "connectString must not be null"), null);
	}

	/**
	 * Starts a builder for a deployment on a client that the caller starts and closes.
	 * @param client a Curator client without a namespace
	 * @return a new builder
	 */
	public static ClusterDeploymentBuilder builder(CuratorFramework client) {
		return new ClusterDeploymentBuilder(null, Objects.requireNonNull(client, "client must not be null"));
	}

	/**
	 * Connects to ZooKeeper, waiting at most the connection timeout.
	 * @throws ZooKeeperUnavailableException if ZooKeeper cannot be reached in time; the deployment is
	 * then closed
	 */
	@Override
	protected void connect() {
		try {
			this.rootClient.getConnectionStateListenable().addListener(this.connectionStateListener);
			if (this.ownsClient) {
				this.rootClient.start();
			}
			else if (this.rootClient.getState() != CuratorFrameworkState.STARTED) {
				throw new IllegalStateException("The Curator client passed in must be started before the deployment,"
						+ " and closed after it; its state is " + this.rootClient.getState());
			}
			if (!this.rootClient.blockUntilConnected((int) this.connectionTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
				throw new ZooKeeperUnavailableException(getConnectString(), this.connectionTimeout, null);
			}
			logLeafWorkers();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			close();
			throw new ZooKeeperUnavailableException(getConnectString(), this.connectionTimeout, ex);
		}
		catch (RuntimeException ex) {
			close();
			throw ex;
		}
	}

	/** Fails start-up while Leaf's worker ids cannot be told, rather than at the first id request. */
	private void logLeafWorkers() {
		if (this.leafWorkersPath == null) {
			return;
		}
		Map<Integer, String> leafWorkers;
		try {
			leafWorkers = this.backend.leafWorkerIdsAtStart();
		}
		catch (RuntimeException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new ZooKeeperUnavailableException(getConnectString(), this.connectionTimeout, ex);
		}
		logger.info("Leasing none of the worker ids Leaf's Snowflake servers hold at {}: {}", this.leafWorkersPath,
				leafWorkers.isEmpty() ? "none yet" : runs(leafWorkers.keySet()));
	}

	/** Leaf's sequence numbers mostly run on from 0: {@code [0..999, 1005]} reads better than a thousand. */
	static String runs(Iterable<Integer> sortedIds) {
		StringBuilder text = new StringBuilder("[");
		int first = -1;
		int last = -1;
		for (int id : sortedIds) {
			if (first >= 0 && id == last + 1) {
				last = id;
				continue;
			}
			appendRun(text, first, last);
			first = id;
			last = id;
		}
		appendRun(text, first, last);
		return text.append(']').toString();
	}

	private static void appendRun(StringBuilder text, int first, int last) {
		if (first < 0) {
			return;
		}
		if (text.length() > 1) {
			text.append(", ");
		}
		if (last - first >= 2) {
			text.append(first).append("..").append(last);
		}
		else {
			text.append(first);
			if (last != first) {
				text.append(", ").append(last);
			}
		}
	}

	private void onConnectionStateChanged(ConnectionState newState) {
		switch (newState) {
			case SUSPENDED -> keeper().fence(currentLease(), "connection to ZooKeeper suspended");
			case LOST -> keeper().fence(currentLease(), "ZooKeeper session lost");
			case RECONNECTED -> {
				this.reconnects.incrementAndGet();
				keeper().scheduleRecovery(0);
			}
			default -> {
			}
		}
	}

	@Override
	public long getReconnects() {
		return this.reconnects.get();
	}

	/**
	 * Returns the ZooKeeper connect string in use.
	 * @return the connect string
	 */
	public String getConnectString() {
		return this.rootClient.getZookeeperClient().getCurrentConnectionString();
	}

	/**
	 * Stops renewing, gives back the lease (deletes the node if the session still owns it, so another
	 * instance can lease the id at once), removes its watches and closes the client if this deployment
	 * created it.
	 */
	@Override
	public void close() {
		if (!this.closed.compareAndSet(false, true)) {
			return;
		}
		this.rootClient.getConnectionStateListenable().removeListener(this.connectionStateListener);
		super.close();
		this.backend.removeWatches();
		if (this.ownsClient) {
			this.rootClient.close();
		}
	}

}
