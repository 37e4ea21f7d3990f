package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

import static io.github.idgen.autoconfigure.PropertyChecks.requireAtLeast;

/**
 * Core configuration of idgen, under {@code xxx.common}: the mode switches ({@code zookeeper-enabled},
 * {@code jdbc-enabled}, {@code redis-enabled}), ZooKeeper, this instance's worker and datacenter ids and its name. Other
 * concerns bind their keys under the same prefix in their own classes: the shape of the ids and the
 * named generators ({@link IdLayoutProperties}), the lease settings every lease mode shares
 * ({@link LeaseProperties}), and in the packages of their features
 * {@link io.github.idgen.autoconfigure.segment.SegmentProperties SegmentProperties},
 * {@link io.github.idgen.autoconfigure.jdbc.JdbcLeaseProperties JdbcLeaseProperties},
 * {@link io.github.idgen.autoconfigure.redis.RedisBackendProperties RedisBackendProperties} and
 * {@link io.github.idgen.autoconfigure.opaque.OpaqueIdProperties OpaqueIdProperties}. Validates itself
 * when bound, so a bad value stops start-up with a message naming the property; the mode switches live
 * here because they decide which of these checks apply. Whether the worker and datacenter ids fit the
 * layout in force is checked when the generator is made.
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
	 * Path of the forever nodes of Leaf's Snowflake servers on the same ZooKeeper,
	 * /snowflake/{leaf.name}/forever: the worker ids they hold (each node's sequence number) are never
	 * leased, so that idgen and Leaf servers can issue ids side by side. Read at start-up, before every
	 * lease and at every check of the lease held; a path that cannot be read stops start-up. Needs a
	 * layout whose node id is Leaf's 10 worker bits above 12 sequence bits, as 'leaf' or 'twitter'.
	 */
	private @Nullable String zookeeperLeafWorkers;

	/**
	 * Stable name of this instance, such as a StatefulSet pod name or host:port. In cluster mode an
	 * instance with a name gets back the worker id it held last time if that id is free; ids stay
	 * leases, so restarts under new names never use up the range.
	 */
	private @Nullable String instanceName;

	/**
	 * Worker id when no lease mode is on, 0..2^worker-bits - 1 of the layout (0..31 by default). Two
	 * live instances must never share a (datacenter id, worker id) pair.
	 */
	private int idWorkerId;

	/**
	 * Whether the worker id, when no lease mode is on, is the number at the end of the host name
	 * ('orders-7' gives 7), as a Kubernetes StatefulSet names its pods; 'xxx.common.id-worker-id' is
	 * then not used. The host name is the HOSTNAME environment variable, or the local host's name.
	 */
	private boolean idWorkerIdFromHostname;

	/**
	 * Datacenter id, 0..2^datacenter-bits - 1 of the layout (0..31 by default); 0 unless set, or the
	 * datacenter id of xxx.common.region. In a lease mode with the 'worker-id' lease range, the
	 * datacenter whose worker ids are leased.
	 */
	private @Nullable Integer idDataCenterId;

	/**
	 * Datacenter ids by region name, such as 'eu: 1' and 'us: 2': every instance of a region leases its
	 * worker ids under its region's datacenter id, so regions with a store (ZooKeeper, database, Redis)
	 * each never share a node id. The same map in every region.
	 */
	private Map<String, Integer> regions = new LinkedHashMap<>();

	/**
	 * Region this instance runs in, one of xxx.common.regions: its datacenter id is the instance's.
	 * Not with lease-range node-id, whose node ids span every datacenter.
	 */
	private @Nullable String region;

	/**
	 * How far the clock may step backwards and be waited out; a larger step fails id requests until
	 * the clock catches up. At most 1s.
	 */
	private Duration idClockBackwardsTolerance = IdServiceTwitter.DEFAULT_CLOCK_BACKWARDS_TOLERANCE;

	/**
	 * Whether to lease the worker id as a row of a table in the application's database (JDBC mode, on
	 * the DataSource bean) instead of using 'xxx.common.id-worker-id'. Excludes
	 * 'xxx.common.zookeeper-enabled' and 'xxx.common.redis-enabled'. The 'xxx.common.lease-*' keys and the instance name apply as in
	 * ZooKeeper mode.
	 */
	private boolean jdbcEnabled;

	/**
	 * Whether to lease the worker id as a hash in Redis (Redis mode, on Spring Boot's Redis connection,
	 * 'spring.data.redis.*') instead of using 'xxx.common.id-worker-id'. Excludes
	 * 'xxx.common.zookeeper-enabled' and 'xxx.common.jdbc-enabled'. The 'xxx.common.lease-*' keys and
	 * the instance name apply as in ZooKeeper mode.
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

	public @Nullable String getZookeeperLeafWorkers() {
		return this.zookeeperLeafWorkers;
	}

	public void setZookeeperLeafWorkers(@Nullable String zookeeperLeafWorkers) {
		this.zookeeperLeafWorkers = zookeeperLeafWorkers;
	}

	public Duration getZookeeperConnectionTimeout() {
		return this.zookeeperConnectionTimeout;
	}

	public void setZookeeperConnectionTimeout(Duration zookeeperConnectionTimeout) {
		this.zookeeperConnectionTimeout = zookeeperConnectionTimeout;
	}

	public @Nullable String getInstanceName() {
		return this.instanceName;
	}

	public void setInstanceName(@Nullable String instanceName) {
		this.instanceName = instanceName;
	}

	public int getIdWorkerId() {
		return this.idWorkerId;
	}

	public void setIdWorkerId(int idWorkerId) {
		this.idWorkerId = idWorkerId;
	}

	public boolean isIdWorkerIdFromHostname() {
		return this.idWorkerIdFromHostname;
	}

	public void setIdWorkerIdFromHostname(boolean idWorkerIdFromHostname) {
		this.idWorkerIdFromHostname = idWorkerIdFromHostname;
	}

	public @Nullable Integer getIdDataCenterId() {
		return this.idDataCenterId;
	}

	public void setIdDataCenterId(@Nullable Integer idDataCenterId) {
		this.idDataCenterId = idDataCenterId;
	}

	public Map<String, Integer> getRegions() {
		return this.regions;
	}

	public void setRegions(Map<String, Integer> regions) {
		this.regions = regions;
	}

	public @Nullable String getRegion() {
		return this.region;
	}

	public void setRegion(@Nullable String region) {
		this.region = region;
	}

	/**
	 * Returns the datacenter id in force: the region's, else {@code id-data-center-id}, else 0.
	 * @return the datacenter id, checked against the layout when the generator is made
	 */
	int datacenterId() {
		Integer regional = (this.region != null) ? this.regions.get(this.region) : null;
		return (regional != null) ? regional : (this.idDataCenterId != null) ? this.idDataCenterId : 0;
	}

	/**
	 * Returns the key that set the datacenter id in force, for messages.
	 * @return such as {@code xxx.common.regions.eu} or {@code xxx.common.id-data-center-id}
	 */
	String datacenterIdKey() {
		return (this.region != null) ? "xxx.common.regions." + this.region : "xxx.common.id-data-center-id";
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
		else if (properties.zookeeperLeafWorkers != null) {
			// ignoring it would let this instance take a worker id a Leaf server issues ids with
			errors.rejectValue("zookeeperLeafWorkers", "mode", "xxx.common.zookeeper-leaf-workers is set, but worker"
					+ " ids are not leased from ZooKeeper, so nothing keeps this instance off the worker ids Leaf's"
					+ " servers hold. Set xxx.common.zookeeper-enabled=true (with Leaf's ZooKeeper as"
					+ " xxx.common.zookeeper-addr), or remove xxx.common.zookeeper-leaf-workers.");
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
		// the largest ids depend on the layout in force: checked when the generator is made
		if (this.idWorkerId < 0) {
			errors.rejectValue("idWorkerId", "range", "xxx.common.id-worker-id must not be negative, was "
					+ this.idWorkerId + ". Give every instance its own worker id, or lease them"
					+ " (xxx.common.zookeeper-enabled, jdbc-enabled or redis-enabled=true).");
		}
		if (this.idDataCenterId != null && this.idDataCenterId < 0) {
			errors.rejectValue("idDataCenterId", "range", "xxx.common.id-data-center-id must not be negative, was "
					+ this.idDataCenterId + ".");
		}
		Regions.validate(this, errors);
		if (this.idWorkerIdFromHostname && (this.zookeeperEnabled || this.jdbcEnabled || this.redisEnabled)) {
			errors.rejectValue("idWorkerIdFromHostname", "mode", "xxx.common.id-worker-id-from-hostname=true is for"
					+ " fixed worker ids, but the worker id is leased ("
					+ (this.zookeeperEnabled ? "xxx.common.zookeeper-enabled"
							: this.jdbcEnabled ? "xxx.common.jdbc-enabled" : "xxx.common.redis-enabled")
					+ "=true). Remove one of the two.");
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
		if (this.zookeeperLeafWorkers != null && (!ZOOKEEPER_PATH.matcher(this.zookeeperLeafWorkers).matches()
				|| this.zookeeperLeafWorkers.matches(".*/\\.{1,2}(/.*)?"))) {
			errors.rejectValue("zookeeperLeafWorkers", "path", "xxx.common.zookeeper-leaf-workers must be the absolute"
					+ " ZooKeeper path of Leaf's forever nodes, such as '/snowflake/leaf-app/forever', was '"
					+ this.zookeeperLeafWorkers + "'.");
		}
		requireAtLeast(errors, "zookeeperSessionTimeout", "xxx.common.zookeeper-session-timeout",
				this.zookeeperSessionTimeout, Duration.ofSeconds(1));
		requireAtLeast(errors, "zookeeperConnectionTimeout", "xxx.common.zookeeper-connection-timeout",
				this.zookeeperConnectionTimeout, Duration.ofMillis(1));
		validateLease(errors);
	}

	/** The checks of the core settings both lease modes use; the others are LeaseProperties'. */
	private void validateLease(Errors errors) {
		if (this.instanceName != null && !INSTANCE_NAME.matcher(this.instanceName).matches()) {
			errors.rejectValue("instanceName", "format", "xxx.common.instance-name must be 1 to 128 letters, digits"
					+ " and . _ : @ - characters, such as 'orders-3' or 'host-a:8080', was '" + this.instanceName + "'.");
		}
	}

}
