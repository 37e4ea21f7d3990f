package io.github.idgen.cluster;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import io.github.idgen.lease.LeaseHolder;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.utils.PathUtils;
import org.jspecify.annotations.Nullable;

import static io.github.idgen.cluster.ClusterDeploymentImpl.DEFAULT_CLOCK_SKEW_WARNING;
import static io.github.idgen.cluster.ClusterDeploymentImpl.DEFAULT_CONNECTION_TIMEOUT;
import static io.github.idgen.cluster.ClusterDeploymentImpl.DEFAULT_MARK_INTERVAL;
import static io.github.idgen.cluster.ClusterDeploymentImpl.DEFAULT_MARK_MAX_WAIT;
import static io.github.idgen.cluster.ClusterDeploymentImpl.DEFAULT_PATH;
import static io.github.idgen.cluster.ClusterDeploymentImpl.DEFAULT_SESSION_TIMEOUT;

/**
 * Builds a {@link ClusterDeploymentImpl}: from {@link ClusterDeploymentImpl#builder(String)} for a
 * deployment with a Curator client of its own, or {@link ClusterDeploymentImpl#builder(CuratorFramework)}
 * on the caller's client.
 */
public final class ClusterDeploymentBuilder {

	final @Nullable String connectString;

	final @Nullable CuratorFramework client;

	String path = DEFAULT_PATH;

	LeaseRange range = LeaseRange.WORKER_ID;

	int datacenterId;

	Duration sessionTimeout = DEFAULT_SESSION_TIMEOUT;

	Duration connectionTimeout = DEFAULT_CONNECTION_TIMEOUT;

	LeaseHolder holder = LeaseHolder.ofThisProcess();

	LongSupplier nanoClock = System::nanoTime;

	MillisClock clock = MillisClock.SYSTEM;

	Duration markInterval = DEFAULT_MARK_INTERVAL;

	Duration markMaxWait = DEFAULT_MARK_MAX_WAIT;

	Duration clockSkewWarning = DEFAULT_CLOCK_SKEW_WARNING;

	Consumer<CuratorFrameworkFactory.Builder> clientCustomizer = (builder) -> {
	};

	ClusterDeploymentBuilder(@Nullable String connectString, @Nullable CuratorFramework client) {
		this.connectString = connectString;
		this.client = client;
	}

	/**
	 * Sets the parent path of the lease nodes.
	 * @param path a valid ZooKeeper path
	 * @return this builder
	 */
	public ClusterDeploymentBuilder workerIdsPath(String path) {
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
	public ClusterDeploymentBuilder leaseRange(LeaseRange range, int datacenterId) {
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
	public ClusterDeploymentBuilder sessionTimeout(Duration sessionTimeout) {
		this.sessionTimeout = requirePositive("sessionTimeout", sessionTimeout);
		return this;
	}

	/**
	 * Sets how long to wait for a connection.
	 * @param connectionTimeout the connection timeout
	 * @return this builder
	 */
	public ClusterDeploymentBuilder connectionTimeout(Duration connectionTimeout) {
		this.connectionTimeout = requirePositive("connectionTimeout", connectionTimeout);
		return this;
	}

	/**
	 * Sets the data written into the lease node.
	 * @param holder who holds the lease
	 * @return this builder
	 */
	public ClusterDeploymentBuilder holder(LeaseHolder holder) {
		this.holder = Objects.requireNonNull(holder, "holder must not be null");
		return this;
	}

	/**
	 * Names this instance, so that it gets back the id it held last time if that id is free (sticky
	 * worker ids); for example a StatefulSet pod name or {@code host:port}.
	 * @param instanceName a stable name, or {@code null} for none
	 * @return this builder
	 */
	public ClusterDeploymentBuilder instanceName(@Nullable String instanceName) {
		this.holder = LeaseHolder.ofThisProcess(instanceName);
		return this;
	}

	/**
	 * Sets the wall clock the high-water marks are written and compared with; the generator of
	 * the proxy must use the same clock.
	 * @param clock milliseconds since 1970
	 * @return this builder
	 */
	public ClusterDeploymentBuilder clock(MillisClock clock) {
		this.clock = Objects.requireNonNull(clock, "clock must not be null");
		return this;
	}

	/**
	 * Sets how often the high-water mark is written; each write promises ids up to twice the
	 * interval ahead of the clock.
	 * @param markInterval the interval
	 * @return this builder
	 */
	public ClusterDeploymentBuilder markInterval(Duration markInterval) {
		this.markInterval = requirePositive("markInterval", markInterval);
		return this;
	}

	/**
	 * Sets how long a new holder may wait for its clock to pass the previous holder's mark; an id
	 * with a mark further ahead is given back and another one leased.
	 * @param markMaxWait the bound
	 * @return this builder
	 */
	public ClusterDeploymentBuilder markMaxWait(Duration markMaxWait) {
		this.markMaxWait = requirePositive("markMaxWait", markMaxWait);
		return this;
	}

	/**
	 * Sets how far behind a live holder's clock this clock may be at start-up before a warning is
	 * logged.
	 * @param clockSkewWarning the threshold
	 * @return this builder
	 */
	public ClusterDeploymentBuilder clockSkewWarning(Duration clockSkewWarning) {
		this.clockSkewWarning = requirePositive("clockSkewWarning", clockSkewWarning);
		return this;
	}

	/**
	 * Sets the monotonic clock of the lease deadline, for tests.
	 * @param nanoClock nanoseconds, like {@link System#nanoTime()}
	 * @return this builder
	 */
	public ClusterDeploymentBuilder nanoClock(LongSupplier nanoClock) {
		this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock must not be null");
		return this;
	}

	/**
	 * Lets the caller tune the Curator client this deployment creates, after the defaults are
	 * set; ignored for a client passed to {@link ClusterDeploymentImpl#builder(CuratorFramework)}.
	 * @param customizer called with the client's builder
	 * @return this builder
	 */
	public ClusterDeploymentBuilder customizeClient(Consumer<CuratorFrameworkFactory.Builder> customizer) {
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
