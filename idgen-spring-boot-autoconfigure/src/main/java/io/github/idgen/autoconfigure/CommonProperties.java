package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

import static io.github.idgen.autoconfigure.PropertyChecks.requireAtLeast;

/**
 * Core configuration of idgen, under {@code xxx.common}: the id layout, the mode switches
 * ({@code zookeeper-enabled}, {@code jdbc-enabled}, {@code redis-enabled}), ZooKeeper, and the lease
 * settings every lease backend uses. Other concerns bind their keys under the same prefix in their own
 * classes ({@link io.github.idgen.autoconfigure.segment.SegmentProperties SegmentProperties},
 * {@link io.github.idgen.autoconfigure.jdbc.JdbcLeaseProperties JdbcLeaseProperties},
 * {@link io.github.idgen.autoconfigure.redis.RedisBackendProperties RedisBackendProperties},
 * {@link io.github.idgen.autoconfigure.opaque.OpaqueIdProperties OpaqueIdProperties}), in the
 * packages of their features. Validates itself when bound, so a bad value stops start-up with a
 * message naming the property; the mode switches live here because they decide which of these checks
 * apply.
 */
@ConfigurationProperties("xxx.common")
public class CommonProperties implements Validator {

	private static final Pattern INSTANCE_NAME = Pattern.compile("[A-Za-z0-9._:@-]{1,128}");

	private static final Pattern ZOOKEEPER_PATH = Pattern.compile("(/[^/\\s]+)+");

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
	 * Whether to lease the worker id as a row of a table in the application's database (JDBC mode, on
	 * the DataSource bean) instead of using 'xxx.common.id-worker-id'. Excludes
	 * 'xxx.common.zookeeper-enabled'. The range, instance name and high-water mark settings of ZooKeeper
	 * mode apply.
	 */
	private boolean jdbcEnabled;

	/**
	 * Whether to lease the worker id as a hash in Redis (Redis mode, on Spring Boot's Redis connection,
	 * 'spring.data.redis.*') instead of using 'xxx.common.id-worker-id'. Excludes
	 * 'xxx.common.zookeeper-enabled' and 'xxx.common.jdbc-enabled'. The range, instance name and
	 * high-water mark settings of ZooKeeper mode apply.
	 */
	private boolean redisEnabled;

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

	public boolean isJdbcEnabled() {
		return this.jdbcEnabled;
	}

	public void setJdbcEnabled(boolean jdbcEnabled) {
		this.jdbcEnabled = jdbcEnabled;
	}

	public boolean isRedisEnabled() {
		return this.redisEnabled;
	}

	public void setRedisEnabled(boolean redisEnabled) {
		this.redisEnabled = redisEnabled;
	}

	@Override
	public boolean supports(Class<?> clazz) {
		return CommonProperties.class.isAssignableFrom(clazz);
	}

	@Override
	public void validate(Object target, Errors errors) {
		CommonProperties properties = (CommonProperties) target;
		properties.validateLayout(errors);
		properties.validateOneLeaseBackend(errors);
		if (properties.zookeeperEnabled) {
			properties.validateZooKeeper(errors);
		}
		else if (properties.jdbcEnabled || properties.redisEnabled) {
			// their own keys are JdbcLeaseProperties' and RedisBackendProperties', bound in their modes only
			properties.validateLease(errors);
		}
	}

	private void validateOneLeaseBackend(Errors errors) {
		Map<String, Boolean> switches = new LinkedHashMap<>();
		switches.put("zookeeperEnabled", this.zookeeperEnabled);
		switches.put("jdbcEnabled", this.jdbcEnabled);
		switches.put("redisEnabled", this.redisEnabled);
		List<String> on = switches.keySet().stream().filter(switches::get).toList();
		if (on.size() > 1) {
			List<String> keys = on.stream()
				.map((field) -> "xxx.common." + field.replace("Enabled", "-enabled").toLowerCase(Locale.ROOT))
				.toList();
			errors.rejectValue(on.get(on.size() - 1), "exclusive", String.join(" and ", keys)
					+ ((on.size() == 2) ? " are both true" : " are all true")
					+ "; an instance leases its worker id from one store. Leave one of them true.");
		}
	}

	private void validateLayout(Errors errors) {
		if (this.idWorkerId < 0 || this.idWorkerId > SnowflakeLayout.TWITTER.maxWorkerId()) {
			errors.rejectValue("idWorkerId", "range", "xxx.common.id-worker-id must be between 0 and 31 (5 bits), was "
					+ this.idWorkerId + ". Give every instance its own worker id, or lease them from ZooKeeper"
					+ " (xxx.common.zookeeper-enabled=true).");
		}
		if (this.idDataCenterId < 0 || this.idDataCenterId > SnowflakeLayout.TWITTER.maxDatacenterId()) {
			errors.rejectValue("idDataCenterId", "range", "xxx.common.id-data-center-id must be between 0 and 31"
					+ " (5 bits), was " + this.idDataCenterId + ".");
		}
		Instant now = Instant.now();
		if (this.idEpoch.isAfter(now)) {
			errors.rejectValue("idEpoch", "future", "xxx.common.id-epoch must not be in the future, was "
					+ this.idEpoch + ". Use a past instant, such as the day the service first issued ids.");
		}
		else if (this.idEpoch.isBefore(Instant.EPOCH)
				|| now.toEpochMilli() - this.idEpoch.toEpochMilli() > SnowflakeLayout.TWITTER.maxTimestamp()) {
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

}
