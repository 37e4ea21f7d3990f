package io.github.idgen.cluster;

import java.io.Closeable;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.LeaseHolder;
import io.github.idgen.lease.LeaseKeeper;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.LeaseSettings;
import io.github.idgen.lease.LeaseStatistics;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.commons.lang3.StringUtils;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.WatcherRemoveCuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.curator.utils.PathUtils;
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

	private final ZooKeeperLeaseBackend backend;

	private final LeaseKeeper keeper;

	private final ConnectionStateListener connectionStateListener = (c, newState) -> onConnectionStateChanged(newState);

	private final AtomicBoolean started = new AtomicBoolean();

	private final AtomicBoolean closed = new AtomicBoolean();

	private final AtomicLong reconnects = new AtomicLong();

	private ClusterDeploymentImpl(Builder builder, CuratorFramework client, boolean ownsClient) {
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
		this.keeper = new LeaseKeeper(this.backend, new LeaseSettings(builder.range, builder.datacenterId,
				builder.holder.withNewToken(), builder.nanoClock, builder.clock, builder.markInterval, builder.markMaxWait,
				builder.clockSkewWarning));
		keeperRef[0] = this.keeper;
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
	 * @param client a Curator client without a namespace
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
		return this.keeper.attachIssuer(issuer);
	}

	@Override
	public void detachIssuer(Object issuer, long lastIssuedId) {
		this.keeper.detachIssuer(issuer, lastIssuedId);
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
		return this.keeper.getHolder();
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
			if (datacenterId < 0 || datacenterId > SnowflakeLayout.MAX_DATACENTER_ID) {
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
			return new ClusterDeploymentImpl(this, ZooKeeperClients.create(Objects.requireNonNull(this.connectString),
					this.sessionTimeout, this.connectionTimeout, this.clientCustomizer), true);
		}

	}

}
