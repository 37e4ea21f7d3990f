package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.Objects;
import javax.sql.DataSource;

import io.github.idgen.lease.AbstractLeaseDeployment;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.LeaseKeeper;
import io.github.idgen.lease.LeaseSettings;
import io.github.idgen.lease.LeaseTiming;
import io.github.idgen.lease.RenewedLeaseDeploymentBuilder;

/**
 * Leases a worker id as a row of a table in the application's database: the {@link ClusterDeployment}
 * of JDBC mode. A facade that wires a {@link LeaseKeeper} (taking, renewing, fencing, recovering and
 * giving back the lease, on one thread) to a {@link JdbcLeaseBackend} (the rows).
 * <p>
 * A database sends no events: the renewal every third of the lease timeout is the only proof, and a
 * failed one lets the deadline run out; while the lease is fenced, the keeper asks the backend whether
 * the database answers again and then recovers.
 */
public final class JdbcLeaseDeployment extends AbstractLeaseDeployment {

	/** Lease group unless another is set. */
	public static final String DEFAULT_GROUP = RenewedLeaseDeploymentBuilder.DEFAULT_GROUP;

	/** Table name unless another is set. */
	public static final String DEFAULT_TABLE = LeaseTable.DEFAULT_TABLE;

	/** How long a silent holder keeps its row unless another timeout is set. */
	public static final Duration DEFAULT_LEASE_TIMEOUT = RenewedLeaseDeploymentBuilder.DEFAULT_LEASE_TIMEOUT;

	/**
	 * The shortest lease timeout. A request to the database may take up to a third of the lease timeout,
	 * so that a renewal that hangs still leaves time for another before the deadline: the connection's
	 * network timeout cuts it off there (the statements' query timeout, in whole seconds and at least
	 * one, also ends a wait for a lock from a three-second lease timeout up).
	 */
	public static final Duration MIN_LEASE_TIMEOUT = RenewedLeaseDeploymentBuilder.MIN_LEASE_TIMEOUT;

	private final JdbcLeaseBackend backend;

	private JdbcLeaseDeployment(JdbcLeaseBackend backend, LeaseSettings settings) {
		super(backend, settings);
		this.backend = backend;
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
	 * Creates the table if allowed and missing, and the rows of the range.
	 * @throws LeaseTableMissingException if the table is missing and may not be created
	 * @throws IllegalStateException if the database cannot be reached
	 */
	@Override
	protected void connect() {
		try {
			this.backend.prepare(getNodeIdRange());
		}
		catch (LeaseTableMissingException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw new IllegalStateException("Could not prepare the worker-id lease table at " + this.backend.location()
					+ ": " + ex, ex);
		}
	}

	/** How often requests to the database succeeded again after a failed one. */
	@Override
	public long getReconnects() {
		return this.backend.getReconnects();
	}

	/**
	 * Builds a {@link JdbcLeaseDeployment}.
	 */
	public static final class Builder extends RenewedLeaseDeploymentBuilder<Builder> {

		private final DataSource dataSource;

		private String table = DEFAULT_TABLE;

		private LeaseSchemaInitialization schemaInitialization = LeaseSchemaInitialization.EMBEDDED;

		private Builder(DataSource dataSource) {
			this.dataSource = dataSource;
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
		 * Builds the deployment; call {@link JdbcLeaseDeployment#start()} next.
		 * @return the deployment
		 */
		public JdbcLeaseDeployment build() {
			LeaseTiming timing = timing();
			JdbcLeaseBackend backend = new JdbcLeaseBackend(this.dataSource, new LeaseTable(this.table, group()),
					this.schemaInitialization, timing.leaseTimeoutMillis(), timing.renewalIntervalMillis(),
					timing.markAheadMillis(), nanoClock());
			return new JdbcLeaseDeployment(backend, newSettings());
		}

	}

}
