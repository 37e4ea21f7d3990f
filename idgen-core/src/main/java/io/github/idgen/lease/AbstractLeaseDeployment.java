package io.github.idgen.lease;

import java.io.Closeable;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

/**
 * What every backend's {@link ClusterDeployment} is made of: a {@link LeaseKeeper} on the backend, the
 * holder it leases as, and a slot for the one issuer of each generator (the default and every named
 * one) that may issue with its leases. A backend's
 * facade adds only how it connects, where its leases live, and what it counts as a reconnection.
 */
public abstract class AbstractLeaseDeployment implements ClusterDeployment, LeaseStatistics, Closeable {

	private final LeaseBackend backend;

	private final LeaseSettings settings;

	private final LeaseKeeper keeper;

	/** One slot per generator name: each name is an id space of its own. */
	private final Map<String, IssuerSlot> issuers = new ConcurrentHashMap<>();

	private final AtomicBoolean started = new AtomicBoolean();

	/**
	 * Creates the deployment's keeper; it starts once {@link #start()} is called.
	 * @param backend where the leases live
	 * @param settings range, holder (with this deployment's token), clocks and mark settings
	 */
	protected AbstractLeaseDeployment(LeaseBackend backend, LeaseSettings settings) {
		this.backend = backend;
		this.settings = settings;
		this.keeper = new LeaseKeeper(backend, settings);
	}

	/**
	 * Readies the lease store, then starts renewing and writing marks. Leasing happens on first use of
	 * {@link #getWorkerId()} or {@link #updateWorkerId(boolean)}.
	 * @throws IllegalStateException if started before
	 * @throws RuntimeException what the backend's {@link #connect()} throws when its store cannot be
	 * used, such as {@code ZooKeeperUnavailableException} or {@code LeaseTableMissingException}
	 */
	public final void start() {
		if (!this.started.compareAndSet(false, true)) {
			throw new IllegalStateException("Cannot be started more than once");
		}
		connect();
		this.keeper.start();
	}

	/**
	 * Readies the lease store for the keeper, once, from {@link #start()}: connects, creates what is
	 * missing, and fails with an exception that names the store if it cannot be used.
	 */
	protected abstract void connect();

	/**
	 * Returns the keeper, for a facade that feeds it its backend's connection events.
	 * @return the keeper
	 */
	protected final LeaseKeeper keeper() {
		return this.keeper;
	}

	@Override
	public final int getWorkerId() {
		WorkerIdLease current = this.keeper.currentLease();
		return (current != null) ? current.getWorkerId() : updateWorkerId(false);
	}

	@Override
	public final int getDatacenterId() {
		WorkerIdLease current = this.keeper.currentLease();
		return (current != null) ? current.getDatacenterId() : this.keeper.lease(false).getDatacenterId();
	}

	@Override
	public final int updateWorkerId(boolean forced) {
		return this.keeper.lease(forced).getWorkerId();
	}

	@Override
	public final @Nullable WorkerIdLease currentLease() {
		return this.keeper.currentLease();
	}

	@Override
	public final MillisClock getClock() {
		return this.settings.clock();
	}

	@Override
	public final SnowflakeLayout getLayout() {
		return this.settings.layout();
	}

	@Override
	public final NodeIdRange getNodeIdRange() {
		return this.settings.nodeIds();
	}

	@Override
	public final long attachIssuer(Object issuer) {
		return attachIssuer(DEFAULT_ISSUER, issuer);
	}

	@Override
	public final void detachIssuer(Object issuer, long lastIssuedId) {
		detachIssuer(DEFAULT_ISSUER, issuer, lastIssuedId);
	}

	@Override
	public final long attachIssuer(String name, Object issuer) {
		return this.issuers.computeIfAbsent(name, (n) -> new IssuerSlot()).attach(issuer, () -> {
			WorkerIdLease held = this.keeper.currentLease();
			String where = (held != null) ? held.getPath() : this.backend.location();
			return DEFAULT_ISSUER.equals(name) ? where : where + " (generator '" + name + "')";
		});
	}

	@Override
	public final void detachIssuer(String name, Object issuer, long lastIssuedId) {
		this.issuers.computeIfAbsent(name, (n) -> new IssuerSlot()).detach(issuer, lastIssuedId);
	}

	@Override
	public final void addReconnectedListener(Consumer<ClusterDeployment> listener) {
		this.keeper.addRecoveredListener(() -> listener.accept(this));
	}

	@Override
	public final void addLeaseListener(Consumer<WorkerIdLease> listener) {
		this.keeper.addLeaseListener(listener);
	}

	@Override
	public final long getLeasesTaken() {
		return this.keeper.getLeasesTaken();
	}

	@Override
	public final long getLeasesLost() {
		return this.keeper.getLeasesLost();
	}

	@Override
	public final long getRenewals() {
		return this.keeper.getRenewals();
	}

	@Override
	public final long getRenewalFailures() {
		return this.keeper.getRenewalFailures();
	}

	@Override
	public final long getMeasuredClockLagMillis() {
		return this.keeper.getMeasuredClockLagMillis();
	}

	/** Where the leases live: the parent of every lease's {@linkplain WorkerIdLease#getPath() path}. */
	@Override
	public final String getPath() {
		return this.backend.location();
	}

	@Override
	public final LeaseRange getRange() {
		return this.settings.range();
	}

	/**
	 * Returns who holds this deployment's leases.
	 * @return the holder, with this deployment's token
	 */
	public final LeaseHolder getHolder() {
		return this.settings.holder();
	}

	/**
	 * Stops renewing and gives the lease back, so that another instance can take the id at once.
	 */
	@Override
	public void close() {
		this.keeper.close();
	}

}
