package io.github.idgen.redis;

import java.time.Duration;
import java.util.Objects;

import io.github.idgen.lease.AbstractLeaseDeployment;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.LeaseKeeper;
import io.github.idgen.lease.LeaseSettings;
import io.github.idgen.lease.LeaseTiming;
import io.github.idgen.lease.RenewedLeaseDeploymentBuilder;

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
	public static final String DEFAULT_GROUP = RenewedLeaseDeploymentBuilder.DEFAULT_GROUP;

	/** How long a silent holder keeps its id unless another timeout is set. */
	public static final Duration DEFAULT_LEASE_TIMEOUT = RenewedLeaseDeploymentBuilder.DEFAULT_LEASE_TIMEOUT;

	/** The shortest lease timeout. */
	public static final Duration MIN_LEASE_TIMEOUT = RenewedLeaseDeploymentBuilder.MIN_LEASE_TIMEOUT;

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
	 * @throws RedisUnavailableException if it cannot be reached
	 * @throws RedisClusterNotSupportedException if it is a Redis Cluster node
	 * @throws IllegalStateException if the records cannot be created
	 */
	@Override
	protected void connect() {
		try {
			RedisServerCheck.verify(this.channel);
			this.backend.prepare(getNodeIdRange());
		}
		catch (IllegalStateException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			throw new IllegalStateException("Could not prepare the worker-id lease records at " + this.backend.location()
					+ ": " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while preparing the worker-id lease records at "
					+ this.backend.location(), ex);
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
	public static final class Builder extends RenewedLeaseDeploymentBuilder<Builder> {

		private final RedisConnector connector;

		private Builder(RedisConnector connector) {
			this.connector = connector;
		}

		/** A group becomes part of a key: no spaces or control characters. */
		@Override
		protected String checkGroup(String group) {
			return RedisKeys.requireName("lease group", group);
		}

		/**
		 * Builds the deployment; call {@link RedisLeaseDeployment#start()} next.
		 * @return the deployment
		 */
		public RedisLeaseDeployment build() {
			LeaseTiming timing = timing();
			// a request may wait a whole lease timeout (1024 instances watching 1024 records after a restart
			// queue up); the deadline runs out meanwhile whatever the keeper's thread does
			RedisChannel channel = new RedisChannel(this.connector, "idgen-lease", leaseTimeout(),
					Duration.ofMillis(timing.renewalIntervalMillis() / 2));
			RedisLeaseBackend backend = new RedisLeaseBackend(channel, this.connector.keyPrefix(), group(),
					timing.leaseTimeoutMillis(), timing.markAheadMillis(), nanoClock());
			return new RedisLeaseDeployment(backend, channel, newSettings());
		}

	}

}
