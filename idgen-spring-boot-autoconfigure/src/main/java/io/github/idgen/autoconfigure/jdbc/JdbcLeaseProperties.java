package io.github.idgen.autoconfigure.jdbc;

import java.time.Duration;

import io.github.idgen.autoconfigure.CommonProperties;
import io.github.idgen.autoconfigure.PropertyChecks;
import io.github.idgen.jdbc.JdbcLeaseDeployment;
import io.github.idgen.jdbc.LeaseSchemaInitialization;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

import static io.github.idgen.autoconfigure.PropertyChecks.requireAtLeast;

/**
 * Where and how JDBC mode keeps its worker-id leases, under {@code xxx.common.jdbc-*} (the prefix
 * {@link CommonProperties} shares; the switch {@code xxx.common.jdbc-enabled} is there, beside
 * ZooKeeper's, since the two exclude each other). Bound in JDBC mode only, and validated when bound,
 * so a bad value stops start-up with a message naming the property.
 */
@ConfigurationProperties("xxx.common")
public class JdbcLeaseProperties implements Validator {

	/**
	 * Lease group of this service's instances in the lease table: instances of one service share it,
	 * and services with different groups never share a worker id.
	 */
	private String jdbcLeaseGroup = "default";

	/**
	 * How long an instance that stops renewing keeps its row in JDBC mode: a killed instance's worker
	 * id is taken over no sooner than this after its last renewal, and an instance stops issuing two
	 * thirds of it after its last successful renewal was sent. At least 1s.
	 */
	private Duration jdbcLeaseTimeout = Duration.ofSeconds(10);

	/**
	 * Name of the worker-id lease table, optionally qualified by a schema.
	 */
	private String jdbcLeaseTable = "idgen_worker_lease";

	/**
	 * When idgen creates the lease table if it is missing: 'always', 'embedded' (H2, HSQLDB, Derby) or
	 * 'never' (operators create it, for example with Flyway, from the scripts in idgen's jar).
	 */
	private LeaseSchemaInitialization jdbcInitializeSchema = LeaseSchemaInitialization.EMBEDDED;

	/**
	 * Whether the lease takes its connections from a small pool of its own (two connections), made
	 * from the settings of the application's HikariCP pool, so that the application's queries, or
	 * segment allocations stalled on a row lock, never delay its renewals. Without it, or with a pool
	 * other than HikariCP, it shares the application's DataSource.
	 */
	private boolean jdbcLeaseOwnPool = true;

	public String getJdbcLeaseGroup() {
		return this.jdbcLeaseGroup;
	}

	public void setJdbcLeaseGroup(String jdbcLeaseGroup) {
		this.jdbcLeaseGroup = jdbcLeaseGroup;
	}

	public Duration getJdbcLeaseTimeout() {
		return this.jdbcLeaseTimeout;
	}

	public void setJdbcLeaseTimeout(Duration jdbcLeaseTimeout) {
		this.jdbcLeaseTimeout = jdbcLeaseTimeout;
	}

	public String getJdbcLeaseTable() {
		return this.jdbcLeaseTable;
	}

	public void setJdbcLeaseTable(String jdbcLeaseTable) {
		this.jdbcLeaseTable = jdbcLeaseTable;
	}

	public LeaseSchemaInitialization getJdbcInitializeSchema() {
		return this.jdbcInitializeSchema;
	}

	public void setJdbcInitializeSchema(LeaseSchemaInitialization jdbcInitializeSchema) {
		this.jdbcInitializeSchema = jdbcInitializeSchema;
	}

	public boolean isJdbcLeaseOwnPool() {
		return this.jdbcLeaseOwnPool;
	}

	public void setJdbcLeaseOwnPool(boolean jdbcLeaseOwnPool) {
		this.jdbcLeaseOwnPool = jdbcLeaseOwnPool;
	}

	@Override
	public boolean supports(Class<?> clazz) {
		return JdbcLeaseProperties.class.isAssignableFrom(clazz);
	}

	@Override
	public void validate(Object target, Errors errors) {
		JdbcLeaseProperties properties = (JdbcLeaseProperties) target;
		if (properties.jdbcLeaseGroup == null || properties.jdbcLeaseGroup.isBlank()
				|| properties.jdbcLeaseGroup.length() > 128) {
			errors.rejectValue("jdbcLeaseGroup", "format", "xxx.common.jdbc-lease-group must be 1 to 128 characters,"
					+ " such as the service's name, was '" + properties.jdbcLeaseGroup + "'.");
		}
		if (properties.jdbcLeaseTable == null || !PropertyChecks.TABLE_NAME.matcher(properties.jdbcLeaseTable).matches()) {
			errors.rejectValue("jdbcLeaseTable", "format", "xxx.common.jdbc-lease-table must be an SQL identifier,"
					+ " optionally qualified by a schema (letters, digits and _), such as 'idgen_worker_lease', was '"
					+ properties.jdbcLeaseTable + "'.");
		}
		requireAtLeast(errors, "jdbcLeaseTimeout", "xxx.common.jdbc-lease-timeout", properties.jdbcLeaseTimeout,
				JdbcLeaseDeployment.MIN_LEASE_TIMEOUT);
	}

}
