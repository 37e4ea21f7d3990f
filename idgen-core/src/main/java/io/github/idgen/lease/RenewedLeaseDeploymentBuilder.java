package io.github.idgen.lease;

import java.time.Duration;
import java.util.Objects;

/**
 * What the builders of the backends whose leases are records renewed by their holders (a database
 * row, a Redis hash) add to the shared settings: the group the records belong to and the lease
 * timeout, which such a store does not negotiate as ZooKeeper negotiates its session timeout.
 *
 * @param <B> the backend's builder, returned by every setter
 */
public abstract class RenewedLeaseDeploymentBuilder<B extends RenewedLeaseDeploymentBuilder<B>>
		extends LeaseDeploymentBuilder<B> {

	/** Lease group unless another is set. */
	public static final String DEFAULT_GROUP = "default";

	/** How long a silent holder keeps its record unless another timeout is set. */
	public static final Duration DEFAULT_LEASE_TIMEOUT = Duration.ofSeconds(10);

	/**
	 * The shortest lease timeout: the lease is renewed every third of it, and a holder survives pauses
	 * of up to two thirds of it.
	 */
	public static final Duration MIN_LEASE_TIMEOUT = Duration.ofSeconds(1);

	private String group = DEFAULT_GROUP;

	private Duration leaseTimeout = DEFAULT_LEASE_TIMEOUT;

	/**
	 * Sets the lease group: instances of one service share it, and two groups never share a record.
	 * The group is checked here only, so that a bad one fails where it is set, not in {@code build()}.
	 * @param group 1 to 128 characters, not only white space, and what else the store requires of a name
	 * @return this builder
	 * @throws IllegalArgumentException if the group is no name the store can use
	 */
	public B leaseGroup(String group) {
		Objects.requireNonNull(group, "group must not be null");
		if (group.isBlank() || group.length() > 128) {
			throw new IllegalArgumentException("The lease group must be 1 to 128 characters, not only white space, was '"
					+ group + "'");
		}
		this.group = checkGroup(group);
		return self();
	}

	/**
	 * Checks what the store requires of a group's name beyond its length.
	 * @param group the group, 1 to 128 characters
	 * @return the group
	 * @throws IllegalArgumentException if the store cannot use it
	 */
	protected String checkGroup(String group) {
		return group;
	}

	/**
	 * Sets how long a holder that proves nothing keeps its record: a killed instance's id is taken
	 * over no sooner than this after its last renewal, and a holder stops issuing two thirds of it
	 * after the send time of its last successful renewal.
	 * @param leaseTimeout at least {@link #MIN_LEASE_TIMEOUT}
	 * @return this builder
	 */
	public B leaseTimeout(Duration leaseTimeout) {
		if (leaseTimeout == null || leaseTimeout.compareTo(MIN_LEASE_TIMEOUT) < 0) {
			throw new IllegalArgumentException("leaseTimeout must be at least " + MIN_LEASE_TIMEOUT + ", was "
					+ leaseTimeout);
		}
		this.leaseTimeout = leaseTimeout;
		return self();
	}

	/**
	 * Returns the group set.
	 * @return the group
	 */
	protected final String group() {
		return this.group;
	}

	/**
	 * Returns the lease timeout set.
	 * @return the timeout
	 */
	protected final Duration leaseTimeout() {
		return this.leaseTimeout;
	}

	/**
	 * Returns the timing rules of the lease timeout and mark settings set.
	 * @return the timing
	 */
	protected final LeaseTiming timing() {
		return new LeaseTiming(this.leaseTimeout.toMillis(), markInterval().toMillis(), markMaxWait().toMillis());
	}

}
