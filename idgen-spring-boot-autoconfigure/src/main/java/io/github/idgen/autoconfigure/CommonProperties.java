package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.regex.Pattern;

import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.jdbc.JdbcLeaseDeployment;
import io.github.idgen.jdbc.LeaseSchemaInitialization;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;


/**
 * Configuration of idgen, under {@code xxx.common}. Validates itself when bound, so a bad value
 * stops start-up with a message naming the property.
 */
@ConfigurationProperties("xxx.common")
public class CommonProperties implements Validator {

	private static final Pattern INSTANCE_NAME = Pattern.compile("[A-Za-z0-9._:@-]{1,128}");

	private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

	private static final Pattern ZOOKEEPER_PATH = Pattern.compile("(/[^/\\s]+)+");

	private static final Pattern SEGMENT_TABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

	/**
	 * Whether to lease the worker id from ZooKeeper (cluster mode) instead of using
	 * 'xxx.common.id-worker-id'.
	 */
	private boolean zookeeperEnabled;

	/**
	 * ZooKeeper connect string, host:port[,host:port...]. Required in cluster mode unless the context
	 * has a CuratorFramework bean, which is then used instead.
	 */
	private @Nullable String zookeeperAddr;

	/**
	 * Parent path of the worker-id lease nodes. Services that share a path never share a worker id.
	 */
	private String zookeeperWorkerIdsPath = ClusterDeploymentImpl.DEFAULT_PATH;

	/**
	 * ZooKeeper session timeout asked of the server. A killed instance's worker id is free again
	 * after it; a pause longer than two thirds of it (GC, frozen container) stops the instance from
	 * issuing until the lease is confirmed.
	 */
	private Duration zookeeperSessionTimeout = Duration.ofSeconds(10);

	/**
	 * How long to wait for a connection to ZooKeeper at start-up before failing.
	 */
	private Duration zookeeperConnectionTimeout = Duration.ofSeconds(5);

	/**
	 * How long an id request waits for an unconfirmed lease (connection suspended, lease being
	 * replaced) before it fails with WorkerIdLeaseUnavailableException.
	 */
	private Duration zookeeperLeaseWaitTimeout = Duration.ofSeconds(2);

	/**
	 * Which ids to lease: 'worker-id' leases worker ids 0..31 of 'xxx.common.id-data-center-id';
	 * 'node-id' leases all 1024 (datacenter id, worker id) pairs.
	 */
	private LeaseRange zookeeperLeaseRange = LeaseRange.WORKER_ID;

	/**
	 * Stable name of this instance, such as a StatefulSet pod name or host:port. In cluster mode an
	 * instance with a name gets back the worker id it held last time if that id is free; ids stay
	 * leases, so restarts under new names never use up the range.
	 */
	private @Nullable String instanceName;

	/**
	 * How often the lease holder writes its high-water mark to ZooKeeper; each write promises ids up
	 * to twice this interval ahead of its clock, and no id passes the last mark written. A new holder
	 * of the id issues nothing before its clock is past that mark.
	 */
	private Duration zookeeperMarkInterval = Duration.ofSeconds(1);

	/**
	 * How long a new holder may wait for its clock to pass the previous holder's high-water mark; an
	 * id whose mark is further ahead is given back and another one leased. Must be more than twice
	 * 'xxx.common.zookeeper-mark-interval'.
	 */
	private Duration zookeeperMarkMaxWait = Duration.ofSeconds(10);

	/**
	 * How far behind the clock of a live lease holder this host's clock may be at start-up before a
	 * warning is logged.
	 */
	private Duration zookeeperClockSkewWarning = Duration.ofSeconds(1);

	/**
	 * Worker id, 0..31, when ZooKeeper is off. Two live instances must never share a (datacenter id,
	 * worker id) pair.
	 */
	private int idWorkerId;

	/**
	 * Datacenter id, 0..31. In cluster mode with the 'worker-id' lease range, the range of worker ids
	 * to lease from.
	 */
	private int idDataCenterId;

	/**
	 * Instant that timestamp 0 of the ids stands for; ids run out 2^41 ms (about 69.7 years) after
	 * it. Never change it for a running system: ids could repeat.
	 */
	private Instant idEpoch = SnowflakeLayout.DEFAULT_EPOCH;

	/**
	 * How far the clock may step backwards and be waited out; a larger step fails id requests until
	 * the clock catches up. At most 1s.
	 */
	private Duration idClockBackwardsTolerance = IdServiceTwitter.DEFAULT_CLOCK_BACKWARDS_TOLERANCE;

	/**
	 * Secret AES key (base64 of 16, 24 or 32 bytes) of the FF1 permutation that turns ids into opaque
	 * ids; setting it adds an OpaqueIdService bean (needs org.bouncycastle:bcprov-jdk18on). Keep it in
	 * a secret store and never change it while opaque ids are in use: they would no longer decode.
	 */
	private @Nullable String opaqueIdKey;

	/**
	 * Whether a web application answers an IdUnavailableException (no id for now: lease unconfirmed,
	 * clock stepped back) that none of its own exception handlers takes with 503, Retry-After and an
	 * RFC 9457 problem detail instead of 500.
	 */
	private boolean webUnavailableProblemEnabled = true;

	/**
	 * Whether to offer segment ids: dense, increasing ids per business tag, allocated from the
	 * application's DataSource in ranges and served from memory (SegmentIdServices bean).
	 */
	private boolean segmentEnabled;

	/**
	 * Table of the segment tags, one row per tag, optionally schema-qualified (schema.table).
	 */
	private String segmentTable = "idgen_segment";

	/**
	 * When to create the segment table at start-up if it does not exist: 'always', 'embedded'
	 * (embedded databases such as H2 only) or 'never' (the table is managed elsewhere, for example
	 * by Flyway or Liquibase).
	 */
	private SchemaInitialization segmentInitializeSchema = SchemaInitialization.EMBEDDED;

	/**
	 * Share of a range, from 0 up to but excluding 1, that is used before the next range is loaded
	 * in the background.
	 */
	private double segmentPreloadRatio = 0.1;

	/**
	 * How long an id request that finds no id in memory waits for the next range before it fails
	 * with SegmentIdsUnavailableException (HTTP 503 in a web layer).
	 */
	private Duration segmentWaitTimeout = Duration.ofSeconds(1);

	/**
	 * Largest step the dynamic step grows to; a row's own step is the smallest and wins if larger.
	 */
	private int segmentMaxStep = 1_000_000;

	/**
	 * How long one range should last: a range used up faster doubles the next step, one that lasted
	 * more than twice as long halves it.
	 */
	private Duration segmentStepDuration = Duration.ofMinutes(15);

	/**
	 * Least time between two allocation attempts of a tag after the store failed.
	 */
	private Duration segmentRetryInterval = Duration.ofMillis(100);

	/**
	 * Whether to lease the worker id as a row of a table in the application's database (JDBC mode, on
	 * the DataSource bean) instead of using 'xxx.common.id-worker-id'. Excludes
	 * 'xxx.common.zookeeper-enabled'. The range, instance name and high-water mark settings of ZooKeeper
	 * mode apply.
	 */
	private boolean jdbcEnabled;

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

	public boolean isZookeeperEnabled() {
		return this.zookeeperEnabled;
	}

	public void setZookeeperEnabled(boolean zookeeperEnabled) {
		this.zookeeperEnabled = zookeeperEnabled;
	}

	public @Nullable String getZookeeperAddr() {
		return this.zookeeperAddr;
	}

	public void setZookeeperAddr(@Nullable String zookeeperAddr) {
		this.zookeeperAddr = zookeeperAddr;
	}

	public String getZookeeperWorkerIdsPath() {
		return this.zookeeperWorkerIdsPath;
	}

	public void setZookeeperWorkerIdsPath(String zookeeperWorkerIdsPath) {
		this.zookeeperWorkerIdsPath = zookeeperWorkerIdsPath;
	}

	public Duration getZookeeperSessionTimeout() {
		return this.zookeeperSessionTimeout;
	}

	public void setZookeeperSessionTimeout(Duration zookeeperSessionTimeout) {
		this.zookeeperSessionTimeout = zookeeperSessionTimeout;
	}

	public Duration getZookeeperConnectionTimeout() {
		return this.zookeeperConnectionTimeout;
	}

	public void setZookeeperConnectionTimeout(Duration zookeeperConnectionTimeout) {
		this.zookeeperConnectionTimeout = zookeeperConnectionTimeout;
	}

	public Duration getZookeeperLeaseWaitTimeout() {
		return this.zookeeperLeaseWaitTimeout;
	}

	public void setZookeeperLeaseWaitTimeout(Duration zookeeperLeaseWaitTimeout) {
		this.zookeeperLeaseWaitTimeout = zookeeperLeaseWaitTimeout;
	}

	public LeaseRange getZookeeperLeaseRange() {
		return this.zookeeperLeaseRange;
	}

	public void setZookeeperLeaseRange(LeaseRange zookeeperLeaseRange) {
		this.zookeeperLeaseRange = zookeeperLeaseRange;
	}

	public @Nullable String getInstanceName() {
		return this.instanceName;
	}

	public void setInstanceName(@Nullable String instanceName) {
		this.instanceName = instanceName;
	}

	public Duration getZookeeperMarkInterval() {
		return this.zookeeperMarkInterval;
	}

	public void setZookeeperMarkInterval(Duration zookeeperMarkInterval) {
		this.zookeeperMarkInterval = zookeeperMarkInterval;
	}

	public Duration getZookeeperMarkMaxWait() {
		return this.zookeeperMarkMaxWait;
	}

	public void setZookeeperMarkMaxWait(Duration zookeeperMarkMaxWait) {
		this.zookeeperMarkMaxWait = zookeeperMarkMaxWait;
	}

	public Duration getZookeeperClockSkewWarning() {
		return this.zookeeperClockSkewWarning;
	}

	public void setZookeeperClockSkewWarning(Duration zookeeperClockSkewWarning) {
		this.zookeeperClockSkewWarning = zookeeperClockSkewWarning;
	}

	public int getIdWorkerId() {
		return this.idWorkerId;
	}

	public void setIdWorkerId(int idWorkerId) {
		this.idWorkerId = idWorkerId;
	}

	public int getIdDataCenterId() {
		return this.idDataCenterId;
	}

	public void setIdDataCenterId(int idDataCenterId) {
		this.idDataCenterId = idDataCenterId;
	}

	public Instant getIdEpoch() {
		return this.idEpoch;
	}

	public void setIdEpoch(Instant idEpoch) {
		this.idEpoch = idEpoch;
	}

	public Duration getIdClockBackwardsTolerance() {
		return this.idClockBackwardsTolerance;
	}

	public void setIdClockBackwardsTolerance(Duration idClockBackwardsTolerance) {
		this.idClockBackwardsTolerance = idClockBackwardsTolerance;
	}

	public @Nullable String getOpaqueIdKey() {
		return this.opaqueIdKey;
	}

	public void setOpaqueIdKey(@Nullable String opaqueIdKey) {
		this.opaqueIdKey = opaqueIdKey;
	}

	public boolean isWebUnavailableProblemEnabled() {
		return this.webUnavailableProblemEnabled;
	}

	public void setWebUnavailableProblemEnabled(boolean webUnavailableProblemEnabled) {
		this.webUnavailableProblemEnabled = webUnavailableProblemEnabled;
	}

	public boolean isSegmentEnabled() {
		return this.segmentEnabled;
	}

	public void setSegmentEnabled(boolean segmentEnabled) {
		this.segmentEnabled = segmentEnabled;
	}

	public String getSegmentTable() {
		return this.segmentTable;
	}

	public void setSegmentTable(String segmentTable) {
		this.segmentTable = segmentTable;
	}

	public SchemaInitialization getSegmentInitializeSchema() {
		return this.segmentInitializeSchema;
	}

	public void setSegmentInitializeSchema(SchemaInitialization segmentInitializeSchema) {
		this.segmentInitializeSchema = segmentInitializeSchema;
	}

	public double getSegmentPreloadRatio() {
		return this.segmentPreloadRatio;
	}

	public void setSegmentPreloadRatio(double segmentPreloadRatio) {
		this.segmentPreloadRatio = segmentPreloadRatio;
	}

	public Duration getSegmentWaitTimeout() {
		return this.segmentWaitTimeout;
	}

	public void setSegmentWaitTimeout(Duration segmentWaitTimeout) {
		this.segmentWaitTimeout = segmentWaitTimeout;
	}

	public int getSegmentMaxStep() {
		return this.segmentMaxStep;
	}

	public void setSegmentMaxStep(int segmentMaxStep) {
		this.segmentMaxStep = segmentMaxStep;
	}

	public Duration getSegmentStepDuration() {
		return this.segmentStepDuration;
	}

	public void setSegmentStepDuration(Duration segmentStepDuration) {
		this.segmentStepDuration = segmentStepDuration;
	}

	public Duration getSegmentRetryInterval() {
		return this.segmentRetryInterval;
	}

	public void setSegmentRetryInterval(Duration segmentRetryInterval) {
		this.segmentRetryInterval = segmentRetryInterval;
	}

	/**
	 * Returns the segment settings these properties describe.
	 * @return the settings
	 */
	public SegmentSettings toSegmentSettings() {
		return new SegmentSettings(this.segmentPreloadRatio, this.segmentWaitTimeout, this.segmentMaxStep,
				this.segmentStepDuration, this.segmentRetryInterval);
	}

	public boolean isJdbcEnabled() {
		return this.jdbcEnabled;
	}

	public void setJdbcEnabled(boolean jdbcEnabled) {
		this.jdbcEnabled = jdbcEnabled;
	}

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

	@Override
	public boolean supports(Class<?> clazz) {
		return CommonProperties.class.isAssignableFrom(clazz);
	}

	@Override
	public void validate(Object target, Errors errors) {
		CommonProperties properties = (CommonProperties) target;
		properties.validateLayout(errors);
		if (properties.zookeeperEnabled && properties.jdbcEnabled) {
			errors.rejectValue("jdbcEnabled", "exclusive", "xxx.common.zookeeper-enabled and xxx.common.jdbc-enabled"
					+ " are both true; an instance leases its worker id from one store. Set one of them to false.");
		}
		if (properties.zookeeperEnabled) {
			properties.validateZooKeeper(errors);
		}
		if (properties.jdbcEnabled) {
			properties.validateJdbc(errors);
		}
		if (properties.segmentEnabled) {
			properties.validateSegment(errors);
		}
	}

	private void validateSegment(Errors errors) {
		if (this.segmentTable == null || !SEGMENT_TABLE.matcher(this.segmentTable).matches()) {
			errors.rejectValue("segmentTable", "format", "xxx.common.segment-table must be a plain SQL table name"
					+ " (letters, digits and _, optionally schema.table), such as 'idgen_segment', was '"
					+ this.segmentTable + "'.");
		}
		if (!(this.segmentPreloadRatio >= 0 && this.segmentPreloadRatio < 1)) {
			errors.rejectValue("segmentPreloadRatio", "range", "xxx.common.segment-preload-ratio must be at least 0"
					+ " and below 1, such as 0.1 (load the next range once 10 % of the current one is used), was "
					+ this.segmentPreloadRatio + ".");
		}
		if (this.segmentMaxStep < 1) {
			errors.rejectValue("segmentMaxStep", "range", "xxx.common.segment-max-step must be at least 1, was "
					+ this.segmentMaxStep + ".");
		}
		requireAtLeast(errors, "segmentWaitTimeout", "xxx.common.segment-wait-timeout", this.segmentWaitTimeout,
				Duration.ZERO);
		requireAtLeast(errors, "segmentStepDuration", "xxx.common.segment-step-duration", this.segmentStepDuration,
				Duration.ofMillis(1));
		requireAtLeast(errors, "segmentRetryInterval", "xxx.common.segment-retry-interval", this.segmentRetryInterval,
				Duration.ZERO);
	}

	private void validateLayout(Errors errors) {
		if (this.idWorkerId < 0 || this.idWorkerId > SnowflakeLayout.MAX_WORKER_ID) {
			errors.rejectValue("idWorkerId", "range", "xxx.common.id-worker-id must be between 0 and 31 (5 bits), was "
					+ this.idWorkerId + ". Give every instance its own worker id, or lease them from ZooKeeper"
					+ " (xxx.common.zookeeper-enabled=true).");
		}
		if (this.idDataCenterId < 0 || this.idDataCenterId > SnowflakeLayout.MAX_DATACENTER_ID) {
			errors.rejectValue("idDataCenterId", "range", "xxx.common.id-data-center-id must be between 0 and 31"
					+ " (5 bits), was " + this.idDataCenterId + ".");
		}
		Instant now = Instant.now();
		if (this.idEpoch.isAfter(now)) {
			errors.rejectValue("idEpoch", "future", "xxx.common.id-epoch must not be in the future, was "
					+ this.idEpoch + ". Use a past instant, such as the day the service first issued ids.");
		}
		else if (this.idEpoch.isBefore(Instant.EPOCH)
				|| now.toEpochMilli() - this.idEpoch.toEpochMilli() > SnowflakeLayout.MAX_TIMESTAMP) {
			errors.rejectValue("idEpoch", "range", "xxx.common.id-epoch must be less than 2^41 ms (about 69.7 years)"
					+ " in the past and not before 1970, was " + this.idEpoch + ".");
		}
		else if (this.idEpoch.getNano() % 1_000_000 != 0) {
			errors.rejectValue("idEpoch", "precision", "xxx.common.id-epoch must be a whole millisecond, was "
					+ this.idEpoch + ".");
		}
		if (this.idClockBackwardsTolerance.isNegative()
				|| this.idClockBackwardsTolerance.compareTo(IdServiceTwitter.MAX_CLOCK_BACKWARDS_TOLERANCE) > 0) {
			errors.rejectValue("idClockBackwardsTolerance", "range", "xxx.common.id-clock-backwards-tolerance must be"
					+ " between 0ms and 1s, was " + this.idClockBackwardsTolerance.toMillis() + "ms.");
		}
	}

	private void validateZooKeeper(Errors errors) {
		if (this.zookeeperWorkerIdsPath == null || !ZOOKEEPER_PATH.matcher(this.zookeeperWorkerIdsPath).matches()
				|| this.zookeeperWorkerIdsPath.matches(".*/\\.{1,2}(/.*)?")) {
			errors.rejectValue("zookeeperWorkerIdsPath", "path", "xxx.common.zookeeper-worker-ids-path must be an"
					+ " absolute ZooKeeper path below the root, such as '/idgen/worker_ids', was '"
					+ this.zookeeperWorkerIdsPath + "'.");
		}
		requireAtLeast(errors, "zookeeperSessionTimeout", "xxx.common.zookeeper-session-timeout",
				this.zookeeperSessionTimeout, Duration.ofSeconds(1));
		requireAtLeast(errors, "zookeeperConnectionTimeout", "xxx.common.zookeeper-connection-timeout",
				this.zookeeperConnectionTimeout, Duration.ofMillis(1));
		validateLease(errors);
	}

	/** The checks of the settings both lease modes use. */
	private void validateLease(Errors errors) {
		requireAtLeast(errors, "zookeeperLeaseWaitTimeout", "xxx.common.zookeeper-lease-wait-timeout",
				this.zookeeperLeaseWaitTimeout, Duration.ZERO);
		requireAtLeast(errors, "zookeeperMarkInterval", "xxx.common.zookeeper-mark-interval",
				this.zookeeperMarkInterval, Duration.ofMillis(10));
		requireAtLeast(errors, "zookeeperMarkMaxWait", "xxx.common.zookeeper-mark-max-wait",
				this.zookeeperMarkMaxWait, Duration.ofMillis(1));
		requireAtLeast(errors, "zookeeperClockSkewWarning", "xxx.common.zookeeper-clock-skew-warning",
				this.zookeeperClockSkewWarning, Duration.ofMillis(1));
		if (this.zookeeperMarkInterval.compareTo(Duration.ofMillis(10)) >= 0
				&& this.zookeeperMarkMaxWait.compareTo(this.zookeeperMarkInterval.multipliedBy(2)) <= 0) {
			// each mark promises ids up to twice the interval ahead, so an instance restarted at once
			// may find its own last mark that far ahead and must be allowed to wait that long
			errors.rejectValue("zookeeperMarkMaxWait", "range", "xxx.common.zookeeper-mark-max-wait must be more"
					+ " than twice xxx.common.zookeeper-mark-interval (" + this.zookeeperMarkInterval.toMillis()
					+ "ms), was " + this.zookeeperMarkMaxWait.toMillis() + "ms: each high-water mark promises ids up to"
					+ " twice the interval ahead, and an instance restarted at once must be able to wait that long for"
					+ " its own mark. Raise xxx.common.zookeeper-mark-max-wait or lower xxx.common.zookeeper-mark-interval.");
		}
		if (this.instanceName != null && !INSTANCE_NAME.matcher(this.instanceName).matches()) {
			errors.rejectValue("instanceName", "format", "xxx.common.instance-name must be 1 to 128 letters, digits"
					+ " and . _ : @ - characters, such as 'orders-3' or 'host-a:8080', was '" + this.instanceName + "'.");
		}
	}

	private void validateJdbc(Errors errors) {
		if (this.jdbcLeaseGroup == null || this.jdbcLeaseGroup.isBlank() || this.jdbcLeaseGroup.length() > 128) {
			errors.rejectValue("jdbcLeaseGroup", "format", "xxx.common.jdbc-lease-group must be 1 to 128 characters,"
					+ " such as the service's name, was '" + this.jdbcLeaseGroup + "'.");
		}
		if (this.jdbcLeaseTable == null || !TABLE_NAME.matcher(this.jdbcLeaseTable).matches()) {
			errors.rejectValue("jdbcLeaseTable", "format", "xxx.common.jdbc-lease-table must be an SQL identifier,"
					+ " optionally qualified by a schema (letters, digits and _), such as 'idgen_worker_lease', was '"
					+ this.jdbcLeaseTable + "'.");
		}
		requireAtLeast(errors, "jdbcLeaseTimeout", "xxx.common.jdbc-lease-timeout", this.jdbcLeaseTimeout,
				JdbcLeaseDeployment.MIN_LEASE_TIMEOUT);
		validateLease(errors);
	}

	private static void requireAtLeast(Errors errors, String field, String key, Duration value, Duration min) {
		if (value.compareTo(min) < 0) {
			errors.rejectValue(field, "range", key + " must be at least " + min.toMillis() + "ms, was "
					+ value.toMillis() + "ms.");
		}
	}

}
