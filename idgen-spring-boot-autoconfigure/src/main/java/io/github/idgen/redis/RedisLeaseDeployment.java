package io.github.idgen.redis;

import java.time.Duration;
import java.util.Objects;

import io.github.idgen.lease.AbstractLeaseDeployment;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.LeaseDeploymentBuilder;
import io.github.idgen.lease.LeaseKeeper;
import io.github.idgen.lease.LeaseSettings;
import io.github.idgen.lease.LeaseTiming;

/**
 * Leases a worker id as a hash in Redis: the {@link ClusterDeployment} of Redis mode. A facade that
 * wires a {@link LeaseKeeper} (taking, renewing, fencing, recovering and giving back the lease, on one
 * thread) to a {@link RedisLeaseBackend} (the records) on a connection of its own.
 * <p>
 * At start it refuses a server that may lose what it acknowledged (see {@link RedisNotDurableException})
 * unless its connector says the operator vouches for it, and creates the records of the range. Like a
 * database, Redis sends no events here: the renewal every third of the lease timeout is the only proof.
 * <p>
 * What it costs: an id is leased at once only if its record was given back to the Redis server that
 * runs now. The first start of a group, and the first lease of a free id after Redis restarted or
 * failed over, wait one lease timeout (see {@link RedisLeaseBackend} for why); ids held meanwhile stay
 * with their holders.
 */
public final class RedisLeaseDeployment extends AbstractLeaseDeployment {

	/** Lease group unless another is set. */
	public static final String DEFAULT_GROUP = "default";

	/** How long a silent holder keeps its id unless another timeout is set. */
	public static final Duration DEFAULT_LEASE_TIMEOUT = Duration.ofSeconds(10);

	/** The shortest lease timeout. */
	public static final Duration MIN_LEASE_TIMEOUT = Duration.ofSeconds(1);

	private final RedisLeaseBackend backend;

	private final RedisChannel channel;

	private RedisLeaseDeployment(RedisLeaseBackend backend, RedisChannel channel, LeaseSettings settings) {
		super(backend, settings);
		this.backend = backend;
		this.channel = channel;
	}

	/**
	 * Starts a builder.
	 * @param connector where the records live, under which key prefix, and what the server promises;
	 * the deployment opens a connection of its own on it
	 * @return a new builder
	 */
	public static Builder builder(RedisConnector connector) {
		return new Builder(Objects.requireNonNull(connector, "connector must not be null"));
	}

	/**
	 * Checks that the server keeps what it acknowledges, then creates the records of the range.
	 * @throws RedisNotDurableException if it may lose acknowledged writes and nobody vouched for it
	 * @throws IllegalStateException if it cannot be reached or is a Redis Cluster node
	 */
	@Override
	protected void connect() {
		try {
			RedisServerCheck.verify(this.channel);
			this.backend.prepare();
		}
		catch (IllegalStateException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw new IllegalStateException("Could not prepare the worker-id lease records at " + this.backend.location()
					+ ": " + ex, ex);
		}
	}

	/** How often the deployment's connection was opened again after a failure. */
	@Override
	public long getReconnects() {
		return this.channel.getReconnects();
	}

	/**
	 * Stops renewing, gives the lease back, and closes the deployment's connection.
	 */
	@Override
	public void close() {
		super.close();
		this.channel.close();
	}

	/**
	 * Builds a {@link RedisLeaseDeployment}.
	 */
	public static final class Builder extends LeaseDeploymentBuilder<Builder> {

		private final RedisConnector connector;

		private String group = DEFAULT_GROUP;

		private Duration leaseTimeout = DEFAULT_LEASE_TIMEOUT;

		private Builder(RedisConnector connector) {
			this.connector = connector;
		}

		/**
		 * Sets the lease group: instances of one service share it, and two groups never share a record.
		 * @param group 1 to 128 characters
		 * @return this builder
		 */
		public Builder leaseGroup(String group) {
			this.group = RedisKeys.requireName("lease group", group);
			return this;
		}

		/**
		 * Sets how long a holder that proves nothing keeps its id: a killed instance's id is taken over
		 * no sooner than this after its last renewal, and a holder stops issuing two thirds of it after
		 * the send time of its last successful renewal.
		 * @param leaseTimeout at least {@link #MIN_LEASE_TIMEOUT}
		 * @return this builder
		 */
		public Builder leaseTimeout(Duration leaseTimeout) {
			if (leaseTimeout == null || leaseTimeout.compareTo(MIN_LEASE_TIMEOUT) < 0) {
				throw new IllegalArgumentException("leaseTimeout must be at least " + MIN_LEASE_TIMEOUT + ", was "
						+ leaseTimeout);
			}
			this.leaseTimeout = leaseTimeout;
			return this;
		}

		/**
		 * Builds the deployment; call {@link RedisLeaseDeployment#start()} next.
		 * @return the deployment
		 */
		public RedisLeaseDeployment build() {
			long timeout = this.leaseTimeout.toMillis();
			LeaseTiming timing = new LeaseTiming(timeout, markInterval().toMillis(), markMaxWait().toMillis());
			// a request may wait a whole lease timeout (1024 instances watching 1024 records after a restart
			// queue up); the deadline runs out meanwhile whatever the keeper's thread does
			RedisChannel channel = new RedisChannel(this.connector, "idgen-lease", this.leaseTimeout,
					Duration.ofMillis(timing.renewalIntervalMillis() / 2));
			RedisLeaseBackend backend = new RedisLeaseBackend(channel, this.connector.keyPrefix(), this.group,
					range().firstNodeId(datacenterId()), range().lastNodeId(datacenterId()), timeout,
					timing.markAheadMillis(), nanoClock());
			return new RedisLeaseDeployment(backend, channel, newSettings());
		}

	}

}
