package io.github.idgen.jdbc;

import java.io.Closeable;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import javax.sql.DataSource;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IssuerSlot;
import io.github.idgen.lease.LeaseHolder;
import io.github.idgen.lease.LeaseKeeper;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.LeaseSettings;
import io.github.idgen.lease.LeaseStatistics;
import io.github.idgen.lease.LeaseTiming;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

/**
 * Leases a worker id as a row of a table in the application's database: the {@link ClusterDeployment}
 * of JDBC mode. A facade that wires a {@link LeaseKeeper} (taking, renewing, fencing, recovering and
 * giving back the lease, on one thread) to a {@link JdbcLeaseBackend} (the rows).
 * <p>
 * A database sends no events: the renewal every third of the lease timeout is the only proof, and a
 * failed one lets the deadline run out; while the lease is fenced, the keeper asks the backend whether
 * the database answers again and then recovers.
 */
public final class JdbcLeaseDeployment implements ClusterDeployment, LeaseStatistics, Closeable {

	/** Lease group unless another is set. */
	public static final String DEFAULT_GROUP = "default";

	/** Table name unless another is set. */
	public static final String DEFAULT_TABLE = LeaseTable.DEFAULT_TABLE;

	/** How long a silent holder keeps its row unless another timeout is set. */
	public static final Duration DEFAULT_LEASE_TIMEOUT = Duration.ofSeconds(10);

	/** The shortest lease timeout: a request may take up to a third of it, and timeouts are whole seconds. */
	public static final Duration MIN_LEASE_TIMEOUT = Duration.ofSeconds(1);

	private final JdbcLeaseBackend backend;

	private final LeaseKeeper keeper;

	private final LeaseHolder holder;

	private final IssuerSlot issuer = new IssuerSlot();

	private final LeaseRange range;

	private final AtomicBoolean started = new AtomicBoolean();

	private JdbcLeaseDeployment(Builder builder) {
		this.range = builder.range;
		LeaseTable table = new LeaseTable(builder.table, builder.group);
		long timeout = builder.leaseTimeout.toMillis();
		LeaseTiming timing = new LeaseTiming(timeout, builder.markInterval.toMillis(), builder.markMaxWait.toMillis());
		// the rows of the whole range, as LeaseRange numbers them
		int first = (builder.range == LeaseRange.WORKER_ID) ? builder.datacenterId << SnowflakeLayout.WORKER_ID_BITS : 0;
		int last = (builder.range == LeaseRange.WORKER_ID) ? first + SnowflakeLayout.MAX_WORKER_ID
				: SnowflakeLayout.MAX_NODE_ID;
		this.backend = new JdbcLeaseBackend(builder.dataSource, table, builder.schemaInitialization, first, last, timeout,
				Math.max(1000, timing.renewalIntervalMillis()), timing.markAheadMillis(), builder.nanoClock);
		this.holder = builder.holder.withNewToken();
		this.keeper = new LeaseKeeper(this.backend, new LeaseSettings(builder.range, builder.datacenterId, this.holder,
				builder.nanoClock, builder.clock, builder.markInterval, builder.markMaxWait,
				builder.clockSkewWarning));
	}

	/**
	 * Starts a builder.
	 * @param dataSource the application's database, where the lease table lives
	 * @return a new builder
	 */
	public static Builder builder(DataSource dataSource) {
		return new Builder(Objects.requireNonNull(dataSource, "dataSource must not be null"));
	}

	/**
	 * Creates the table if allowed and missing, and the rows of the range, then starts renewing.
	 * Leasing happens on first use of {@link #getWorkerId()} or {@link #updateWorkerId(boolean)}.
	 * @throws LeaseTableMissingException if the table is missing and may not be created
	 * @throws IllegalStateException if the database cannot be reached
	 */
	public void start() {
		if (!this.started.compareAndSet(false, true)) {
			throw new IllegalStateException("Cannot be started more than once");
		}
		try {
			this.backend.prepare();
		}
		catch (LeaseTableMissingException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not prepare the worker-id lease table at " + this.backend.location()
					+ ": " + ex, ex);
		}
		this.keeper.start();
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
			return (held != null) ? held.getPath() : this.backend.location();
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

	/** How often requests to the database succeeded again after a failed one. */
	@Override
	public long getReconnects() {
		return this.backend.getReconnects();
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

	/** Where the leases live: {@code /<table>/<group>}. */
	@Override
	public String getPath() {
		return this.backend.location();
	}

	@Override
	public LeaseRange getRange() {
		return this.range;
	}

	/**
	 * Returns who holds this deployment's leases.
	 * @return the holder, with this deployment's token
	 */
	public LeaseHolder getHolder() {
		return this.holder;
	}

	/**
	 * Stops renewing and gives the row back (holder cleared, mark kept), so another instance can take
	 * the id at once.
	 */
	@Override
	public void close() {
		this.keeper.close();
	}

	/**
	 * Builds a {@link JdbcLeaseDeployment}.
	 */
	public static final class Builder {

		private final DataSource dataSource;

		private String group = DEFAULT_GROUP;

		private String table = DEFAULT_TABLE;

		private Duration leaseTimeout = DEFAULT_LEASE_TIMEOUT;

		private LeaseSchemaInitialization schemaInitialization = LeaseSchemaInitialization.EMBEDDED;

		private LeaseRange range = LeaseRange.WORKER_ID;

		private int datacenterId;

		private LeaseHolder holder = LeaseHolder.ofThisProcess();

		private LongSupplier nanoClock = System::nanoTime;

		private MillisClock clock = MillisClock.SYSTEM;

		private Duration markInterval = Duration.ofSeconds(1);

		private Duration markMaxWait = Duration.ofSeconds(10);

		private Duration clockSkewWarning = Duration.ofSeconds(1);

		private Builder(DataSource dataSource) {
			this.dataSource = dataSource;
		}

		/**
		 * Sets the lease group: instances of one service share it, and two groups never share a row.
		 * @param group 1 to 128 characters
		 * @return this builder
		 */
		public Builder leaseGroup(String group) {
			this.group = Objects.requireNonNull(group, "group must not be null");
			return this;
		}

		/**
		 * Sets the lease table's name.
		 * @param table an SQL identifier, optionally qualified by a schema
		 * @return this builder
		 */
		public Builder table(String table) {
			this.table = Objects.requireNonNull(table, "table must not be null");
			return this;
		}

		/**
		 * Sets how long a holder that proves nothing keeps its row: a killed instance's id is taken over
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
		 * Sets when the lease table is created if it is missing.
		 * @param schemaInitialization always, in embedded databases only, or never
		 * @return this builder
		 */
		public Builder schemaInitialization(LeaseSchemaInitialization schemaInitialization) {
			this.schemaInitialization = Objects.requireNonNull(schemaInitialization,
					"schemaInitialization must not be null");
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
		 * Names this instance, so that it gets back the id it held last time if that id is free.
		 * @param instanceName a stable name, or {@code null} for none
		 * @return this builder
		 */
		public Builder instanceName(@Nullable String instanceName) {
			this.holder = LeaseHolder.ofThisProcess(instanceName);
			return this;
		}

		/**
		 * Sets the wall clock of the high-water marks; the generator of the proxy must use the same one.
		 * @param clock milliseconds since 1970
		 * @return this builder
		 */
		public Builder clock(MillisClock clock) {
			this.clock = Objects.requireNonNull(clock, "clock must not be null");
			return this;
		}

		/**
		 * Sets the monotonic clock of the deadlines and of the takeover rule, for tests.
		 * @param nanoClock nanoseconds, like {@link System#nanoTime()}
		 * @return this builder
		 */
		public Builder nanoClock(LongSupplier nanoClock) {
			this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock must not be null");
			return this;
		}

		/**
		 * Sets how often the high-water mark is written.
		 * @param markInterval the interval
		 * @return this builder
		 */
		public Builder markInterval(Duration markInterval) {
			this.markInterval = requirePositive("markInterval", markInterval);
			return this;
		}

		/**
		 * Sets how long a new holder may wait for its clock to pass the previous holder's mark.
		 * @param markMaxWait the bound
		 * @return this builder
		 */
		public Builder markMaxWait(Duration markMaxWait) {
			this.markMaxWait = requirePositive("markMaxWait", markMaxWait);
			return this;
		}

		/**
		 * Sets how far behind a live holder's clock this clock may be at start-up before a warning.
		 * @param clockSkewWarning the threshold
		 * @return this builder
		 */
		public Builder clockSkewWarning(Duration clockSkewWarning) {
			this.clockSkewWarning = requirePositive("clockSkewWarning", clockSkewWarning);
			return this;
		}

		private static Duration requirePositive(String name, Duration value) {
			if (value == null || value.isNegative() || value.isZero()) {
				throw new IllegalArgumentException(name + " must be positive, was " + value);
			}
			return value;
		}

		/**
		 * Builds the deployment; call {@link JdbcLeaseDeployment#start()} next.
		 * @return the deployment
		 */
		public JdbcLeaseDeployment build() {
			return new JdbcLeaseDeployment(this);
		}

	}

}
