package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

import io.github.idgen.lease.LeaseRange;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.DeprecatedConfigurationProperty;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

import static io.github.idgen.autoconfigure.PropertyChecks.requireAtLeast;

/**
 * The keys every lease mode (ZooKeeper, JDBC and Redis) shares, under {@code xxx.common.lease-*}, and the
 * names they had before JDBC mode shared them ({@code xxx.common.zookeeper-lease-range}, ...), still
 * bound and deprecated. When a key is set under both names the new one wins, and a WARN names both.
 * Bound in the lease modes only, and validated when bound, so a bad value stops start-up with a
 * message naming the property.
 */
@ConfigurationProperties("xxx.common")
public class LeaseProperties implements Validator {

	private static final Logger logger = LoggerFactory.getLogger(LeaseProperties.class);

	private static final String PREFIX = "xxx.common.";

	/**
	 * Which ids to lease: 'worker-id' leases the 2^worker-bits worker ids of
	 * 'xxx.common.id-data-center-id' (32 with the default layout); 'node-id' leases all
	 * 2^(datacenter-bits + worker-bits) node ids of the layout (1024 with the default layout).
	 */
	private LeaseRange leaseRange = LeaseRange.WORKER_ID;

	/**
	 * How often the lease holder writes its high-water mark; each write promises ids up to twice this
	 * interval ahead of its clock, and no id passes the last mark written. A new holder of the id
	 * issues nothing before its clock is past that mark's time unit. At least 10ms.
	 */
	private Duration leaseMarkInterval = Duration.ofSeconds(1);

	/**
	 * How long a new holder may wait for its clock to pass the previous holder's high-water mark; an
	 * id whose mark is further ahead is given back and another one leased. Must be more than twice
	 * 'xxx.common.lease-mark-interval'.
	 */
	private Duration leaseMarkMaxWait = Duration.ofSeconds(10);

	/**
	 * How far behind the clock of a live lease holder this host's clock may be at start-up before a
	 * warning is logged.
	 */
	private Duration leaseClockSkewWarning = Duration.ofSeconds(1);

	/**
	 * How long an id request waits for an unconfirmed lease (connection lost, lease being replaced,
	 * previous holder's mark ahead) before it fails with WorkerIdLeaseUnavailableException; 0 fails at
	 * once.
	 */
	private Duration leaseWaitTimeout = Duration.ofSeconds(2);

	/**
	 * Which ids to lease.
	 */
	private @Nullable LeaseRange zookeeperLeaseRange;

	/**
	 * How often the lease holder writes its high-water mark.
	 */
	private @Nullable Duration zookeeperMarkInterval;

	/**
	 * How long a new holder may wait for the previous holder's high-water mark.
	 */
	private @Nullable Duration zookeeperMarkMaxWait;

	/**
	 * How far behind a live lease holder's clock this clock may be before a warning is logged.
	 */
	private @Nullable Duration zookeeperClockSkewWarning;

	/**
	 * How long an id request waits for an unconfirmed lease.
	 */
	private @Nullable Duration zookeeperLeaseWaitTimeout;

	/** The new keys that were bound, so that a deprecated one fills in only for a new one left unset. */
	private final Set<String> set = new HashSet<>();

	public LeaseRange getLeaseRange() {
		return pick("lease-range", this.leaseRange, this.zookeeperLeaseRange);
	}

	public void setLeaseRange(LeaseRange leaseRange) {
		this.leaseRange = leaseRange;
		this.set.add("lease-range");
	}

	public Duration getLeaseMarkInterval() {
		return pick("lease-mark-interval", this.leaseMarkInterval, this.zookeeperMarkInterval);
	}

	public void setLeaseMarkInterval(Duration leaseMarkInterval) {
		this.leaseMarkInterval = leaseMarkInterval;
		this.set.add("lease-mark-interval");
	}

	public Duration getLeaseMarkMaxWait() {
		return pick("lease-mark-max-wait", this.leaseMarkMaxWait, this.zookeeperMarkMaxWait);
	}

	public void setLeaseMarkMaxWait(Duration leaseMarkMaxWait) {
		this.leaseMarkMaxWait = leaseMarkMaxWait;
		this.set.add("lease-mark-max-wait");
	}

	public Duration getLeaseClockSkewWarning() {
		return pick("lease-clock-skew-warning", this.leaseClockSkewWarning, this.zookeeperClockSkewWarning);
	}

	public void setLeaseClockSkewWarning(Duration leaseClockSkewWarning) {
		this.leaseClockSkewWarning = leaseClockSkewWarning;
		this.set.add("lease-clock-skew-warning");
	}

	public Duration getLeaseWaitTimeout() {
		return pick("lease-wait-timeout", this.leaseWaitTimeout, this.zookeeperLeaseWaitTimeout);
	}

	public void setLeaseWaitTimeout(Duration leaseWaitTimeout) {
		this.leaseWaitTimeout = leaseWaitTimeout;
		this.set.add("lease-wait-timeout");
	}

	@Deprecated(since = "0.1.0")
	@DeprecatedConfigurationProperty(replacement = PREFIX + "lease-range", since = "0.1.0",
			reason = "JDBC mode shares the key")
	public @Nullable LeaseRange getZookeeperLeaseRange() {
		return this.zookeeperLeaseRange;
	}

	@Deprecated(since = "0.1.0")
	public void setZookeeperLeaseRange(@Nullable LeaseRange zookeeperLeaseRange) {
		this.zookeeperLeaseRange = zookeeperLeaseRange;
	}

	@Deprecated(since = "0.1.0")
	@DeprecatedConfigurationProperty(replacement = PREFIX + "lease-mark-interval", since = "0.1.0",
			reason = "JDBC mode shares the key")
	public @Nullable Duration getZookeeperMarkInterval() {
		return this.zookeeperMarkInterval;
	}

	@Deprecated(since = "0.1.0")
	public void setZookeeperMarkInterval(@Nullable Duration zookeeperMarkInterval) {
		this.zookeeperMarkInterval = zookeeperMarkInterval;
	}

	@Deprecated(since = "0.1.0")
	@DeprecatedConfigurationProperty(replacement = PREFIX + "lease-mark-max-wait", since = "0.1.0",
			reason = "JDBC mode shares the key")
	public @Nullable Duration getZookeeperMarkMaxWait() {
		return this.zookeeperMarkMaxWait;
	}

	@Deprecated(since = "0.1.0")
	public void setZookeeperMarkMaxWait(@Nullable Duration zookeeperMarkMaxWait) {
		this.zookeeperMarkMaxWait = zookeeperMarkMaxWait;
	}

	@Deprecated(since = "0.1.0")
	@DeprecatedConfigurationProperty(replacement = PREFIX + "lease-clock-skew-warning", since = "0.1.0",
			reason = "JDBC mode shares the key")
	public @Nullable Duration getZookeeperClockSkewWarning() {
		return this.zookeeperClockSkewWarning;
	}

	@Deprecated(since = "0.1.0")
	public void setZookeeperClockSkewWarning(@Nullable Duration zookeeperClockSkewWarning) {
		this.zookeeperClockSkewWarning = zookeeperClockSkewWarning;
	}

	@Deprecated(since = "0.1.0")
	@DeprecatedConfigurationProperty(replacement = PREFIX + "lease-wait-timeout", since = "0.1.0",
			reason = "JDBC mode shares the key")
	public @Nullable Duration getZookeeperLeaseWaitTimeout() {
		return this.zookeeperLeaseWaitTimeout;
	}

	@Deprecated(since = "0.1.0")
	public void setZookeeperLeaseWaitTimeout(@Nullable Duration zookeeperLeaseWaitTimeout) {
		this.zookeeperLeaseWaitTimeout = zookeeperLeaseWaitTimeout;
	}

	/** The value in force: the new key's if it was set, else the deprecated key's if that was, else the default. */
	private <T> T pick(String key, T current, @Nullable T deprecated) {
		return (deprecated != null && !this.set.contains(key)) ? deprecated : current;
	}

	@Override
	public boolean supports(Class<?> clazz) {
		return LeaseProperties.class.isAssignableFrom(clazz);
	}

	@Override
	public void validate(Object target, Errors errors) {
		LeaseProperties properties = (LeaseProperties) target;
		properties.warnIfSetTwice();
		String waitTimeout = properties.keyInForce("lease-wait-timeout", "zookeeper-lease-wait-timeout",
				properties.zookeeperLeaseWaitTimeout);
		String interval = properties.keyInForce("lease-mark-interval", "zookeeper-mark-interval",
				properties.zookeeperMarkInterval);
		String maxWait = properties.keyInForce("lease-mark-max-wait", "zookeeper-mark-max-wait",
				properties.zookeeperMarkMaxWait);
		String skewWarning = properties.keyInForce("lease-clock-skew-warning", "zookeeper-clock-skew-warning",
				properties.zookeeperClockSkewWarning);
		requireAtLeast(errors, field(waitTimeout), PREFIX + waitTimeout, properties.getLeaseWaitTimeout(), Duration.ZERO);
		requireAtLeast(errors, field(interval), PREFIX + interval, properties.getLeaseMarkInterval(),
				Duration.ofMillis(10));
		requireAtLeast(errors, field(maxWait), PREFIX + maxWait, properties.getLeaseMarkMaxWait(), Duration.ofMillis(1));
		requireAtLeast(errors, field(skewWarning), PREFIX + skewWarning, properties.getLeaseClockSkewWarning(),
				Duration.ofMillis(1));
		Duration intervalValue = properties.getLeaseMarkInterval();
		Duration maxWaitValue = properties.getLeaseMarkMaxWait();
		if (intervalValue.compareTo(Duration.ofMillis(10)) >= 0
				&& maxWaitValue.compareTo(intervalValue.multipliedBy(2)) <= 0) {
			// each mark promises ids up to twice the interval ahead, so an instance restarted at once
			// may find its own last mark that far ahead and must be allowed to wait that long
			errors.rejectValue(field(maxWait), "range", PREFIX + maxWait + " must be more than twice " + PREFIX + interval
					+ " (" + intervalValue.toMillis() + "ms), was " + maxWaitValue.toMillis() + "ms: each high-water mark"
					+ " promises ids up to twice the interval ahead, and an instance restarted at once must be able to"
					+ " wait that long for its own mark. Raise " + PREFIX + maxWait + " or lower " + PREFIX + interval + ".");
		}
	}

	/** The key whose value is in force, without the prefix: the deprecated one only if the new one was not set. */
	private String keyInForce(String key, String deprecatedKey, @Nullable Object deprecated) {
		return (deprecated != null && !this.set.contains(key)) ? deprecatedKey : key;
	}

	/** The field of this class a key is bound to. */
	private static String field(String key) {
		StringBuilder field = new StringBuilder();
		for (String part : key.split("-")) {
			field.append(field.isEmpty() ? part : Character.toUpperCase(part.charAt(0)) + part.substring(1));
		}
		return field.toString();
	}

	private void warnIfSetTwice() {
		warnIfSetTwice("lease-range", this.leaseRange, "zookeeper-lease-range", this.zookeeperLeaseRange);
		warnIfSetTwice("lease-mark-interval", this.leaseMarkInterval, "zookeeper-mark-interval",
				this.zookeeperMarkInterval);
		warnIfSetTwice("lease-mark-max-wait", this.leaseMarkMaxWait, "zookeeper-mark-max-wait", this.zookeeperMarkMaxWait);
		warnIfSetTwice("lease-clock-skew-warning", this.leaseClockSkewWarning, "zookeeper-clock-skew-warning",
				this.zookeeperClockSkewWarning);
		warnIfSetTwice("lease-wait-timeout", this.leaseWaitTimeout, "zookeeper-lease-wait-timeout",
				this.zookeeperLeaseWaitTimeout);
	}

	private void warnIfSetTwice(String key, Object value, String deprecatedKey, @Nullable Object deprecated) {
		if (deprecated != null && this.set.contains(key) && !Objects.equals(value, deprecated)) {
			logger.warn("{}{}={} and the deprecated {}{}={} are both set; {}{} is used. Remove {}{}.", PREFIX, key,
					text(value), PREFIX, deprecatedKey, text(deprecated), PREFIX, key, PREFIX, deprecatedKey);
		}
	}

	/** A value as a user writes it. */
	private static String text(Object value) {
		if (value instanceof Duration duration) {
			return duration.toMillis() + "ms";
		}
		return (value instanceof Enum<?> constant) ? LayoutKeys.kebab(constant.name()) : String.valueOf(value);
	}

}
