package io.github.idgen.cluster;

import java.io.Closeable;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IssuerSlot;
import io.github.idgen.lease.LeaseHolder;
import io.github.idgen.lease.LeaseKeeper;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.LeaseSettings;
import io.github.idgen.lease.LeaseStatistics;
import io.github.idgen.lease.WorkerIdLease;
import org.apache.commons.lang3.StringUtils;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.WatcherRemoveCuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.curator.utils.ZKPaths;
import org.jspecify.annotations.Nullable;

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

	private final CuratorFramework rootClient;

	private final WatcherRemoveCuratorFramework client;

	private final boolean ownsClient;

	private final String path;

	private final LeaseRange range;

	private final Duration connectionTimeout;

	private final LeaseHolder holder;

	private final ZooKeeperLeaseBackend backend;

	private final LeaseKeeper keeper;

	private final ConnectionStateListener connectionStateListener = (c, newState) -> onConnectionStateChanged(newState);

	private final AtomicBoolean started = new AtomicBoolean();

	private final AtomicBoolean closed = new AtomicBoolean();

	private final AtomicLong reconnects = new AtomicLong();

	private final IssuerSlot issuer = new IssuerSlot();

	ClusterDeploymentImpl(ClusterDeploymentBuilder builder, CuratorFramework client, boolean ownsClient) {
		if (StringUtils.isNotEmpty(client.getNamespace())) {
			throw new IllegalArgumentException("The Curator client has namespace '" + client.getNamespace()
					+ "', which would move the worker id leases to '" + ZKPaths.makePath(client.getNamespace(), builder.path)
					+ "' while instances on clients without it lease under '" + builder.path
					+ "': two pools that hand out the same worker ids. Pass idgen a client without a namespace,"
					+ " such as client.usingNamespace(null), and put the namespace into the worker ids path instead.");
		}
		this.rootClient = client;
		// watches are removed on close(), so that a client the caller keeps never calls back into us
		this.client = client.newWatcherRemoveCuratorFramework();
		this.ownsClient = ownsClient;
		this.path = builder.path;
		this.range = builder.range;
		this.connectionTimeout = builder.connectionTimeout;
		LeaseKeeper[] keeperRef = new LeaseKeeper[1];
		this.backend = new ZooKeeperLeaseBackend(this.client, builder.path, builder.sessionTimeout.toMillis(),
				(location, why) -> keeperRef[0].lost(location, why));
		this.holder = builder.holder.withNewToken();
		this.keeper = new LeaseKeeper(this.backend, new LeaseSettings(builder.range, builder.datacenterId, this.holder,
				builder.nanoClock, builder.clock, builder.markInterval, builder.markMaxWait,
				builder.clockSkewWarning));
		keeperRef[0] = this.keeper;
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
	 * Connects to ZooKeeper, waiting at most the connection timeout. Leasing happens on first use of
	 * {@link #getWorkerId()} or {@link #updateWorkerId(boolean)}.
	 * @throws ZooKeeperUnavailableException if ZooKeeper cannot be reached in time; the deployment is
	 * then closed
	 */
	public void start() {
		if (!this.started.compareAndSet(false, true)) {
			throw new IllegalStateException("Cannot be started more than once");
		}
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
			this.keeper.start();
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

	private void onConnectionStateChanged(ConnectionState newState) {
		switch (newState) {
			case SUSPENDED -> this.keeper.fence(this.keeper.currentLease(), "connection to ZooKeeper suspended");
			case LOST -> this.keeper.fence(this.keeper.currentLease(), "ZooKeeper session lost");
			case RECONNECTED -> {
				this.reconnects.incrementAndGet();
				this.keeper.scheduleRecovery(0);
			}
			default -> {
			}
		}
	}

	@Override
	public int getWorkerId() {
		WorkerIdLease current = this.keeper.currentLease();
		return (current != null) ? current.getWorkerId() : updateWorkerId(false);
	}

	@Override
	public int getDatacenterId() {
		WorkerIdLease current = this.keeper.currentLease();
		return (current != null) ? current.getDatacenterId() : this.keeper.lease(false).getDatacenterId();
	}

	@Override
	public int updateWorkerId(boolean forced) {
		return this.keeper.lease(forced).getWorkerId();
	}

	@Override
	public @Nullable WorkerIdLease currentLease() {
		return this.keeper.currentLease();
	}

	@Override
	public long attachIssuer(Object issuer) {
		return this.issuer.attach(issuer, () -> {
			WorkerIdLease held = this.keeper.currentLease();
			return (held != null) ? held.getPath() : this.path;
		});
	}

	@Override
	public void detachIssuer(Object issuer, long lastIssuedId) {
		this.issuer.detach(issuer, lastIssuedId);
	}

	@Override
	public void addReconnectedListener(Consumer<ClusterDeployment> listener) {
		this.keeper.addRecoveredListener(() -> listener.accept(this));
	}

	@Override
	public void addLeaseListener(Consumer<WorkerIdLease> listener) {
		this.keeper.addLeaseListener(listener);
	}

	@Override
	public long getReconnects() {
		return this.reconnects.get();
	}

	@Override
	public long getLeasesTaken() {
		return this.keeper.getLeasesTaken();
	}

	@Override
	public long getLeasesLost() {
		return this.keeper.getLeasesLost();
	}

	@Override
	public long getMeasuredClockLagMillis() {
		return this.keeper.getMeasuredClockLagMillis();
	}

	/**
	 * Returns the data this deployment writes into its lease node and mark records.
	 * @return the holder, with this deployment's token
	 */
	public LeaseHolder getHolder() {
		return this.holder;
	}

	/**
	 * Returns the ZooKeeper connect string in use.
	 * @return the connect string
	 */
	public String getConnectString() {
		return this.rootClient.getZookeeperClient().getCurrentConnectionString();
	}

	@Override
	public String getPath() {
		return this.path;
	}

	@Override
	public LeaseRange getRange() {
		return this.range;
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
		this.keeper.close();
		this.backend.removeWatches();
		if (this.ownsClient) {
			this.rootClient.close();
		}
	}

}
