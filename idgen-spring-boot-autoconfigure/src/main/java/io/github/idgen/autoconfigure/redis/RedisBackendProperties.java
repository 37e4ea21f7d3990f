package io.github.idgen.autoconfigure.redis;

import java.time.Duration;

import io.github.idgen.autoconfigure.CommonProperties;
import io.github.idgen.lease.RenewedLeaseDeploymentBuilder;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.Errors;
import org.springframework.validation.Validator;

import static io.github.idgen.autoconfigure.PropertyChecks.requireAtLeast;

/**
 * How idgen's Redis backends keep their records, under {@code xxx.common.redis-*} (the prefix
 * {@link CommonProperties} shares; the switch {@code xxx.common.redis-enabled} is there, beside the
 * other lease backends', since they exclude each other). Where Redis is, is Spring Boot's
 * ({@code spring.data.redis.*}). Validated when bound, so a bad value stops start-up with a message
 * naming the property.
 */
@ConfigurationProperties("xxx.common")
public class RedisBackendProperties implements Validator {

	/**
	 * Lease group of this service's instances in Redis mode: instances of one service share it, and
	 * services with different groups never share a worker id. Part of each record's key,
	 * 'idgen:lease:<group>:<node id>'.
	 */
	private String redisLeaseGroup = "default";

	/**
	 * How long an instance that stops renewing keeps its worker id in Redis mode: a killed instance's id
	 * is taken over no sooner than this after its last renewal, and an instance stops issuing two
	 * thirds of it after its last successful renewal was sent. At least 1s.
	 */
	private Duration redisLeaseTimeout = Duration.ofSeconds(10);

	/**
	 * How many replicas must acknowledge every write (a lease, a renewal, a mark, a segment range)
	 * before it counts (WAIT). Set it to the number of replicas, so that a promoted replica has every
	 * write that counted; start-up fails while fewer are connected.
	 */
	private int redisExpectedReplicas;

	/**
	 * Whether the operator vouches that Redis fsyncs every write ('appendonly yes', 'appendfsync
	 * always'), never evicts ('maxmemory-policy noeviction') and has the expected replicas, so that
	 * idgen does not read its settings at start-up: for managed services that block CONFIG. A warning
	 * is logged at every start.
	 */
	private boolean redisAssumeDurable;

	public String getRedisLeaseGroup() {
		return this.redisLeaseGroup;
	}

	public void setRedisLeaseGroup(String redisLeaseGroup) {
		this.redisLeaseGroup = redisLeaseGroup;
	}

	public Duration getRedisLeaseTimeout() {
		return this.redisLeaseTimeout;
	}

	public void setRedisLeaseTimeout(Duration redisLeaseTimeout) {
		this.redisLeaseTimeout = redisLeaseTimeout;
	}

	public int getRedisExpectedReplicas() {
		return this.redisExpectedReplicas;
	}

	public void setRedisExpectedReplicas(int redisExpectedReplicas) {
		this.redisExpectedReplicas = redisExpectedReplicas;
	}

	public boolean isRedisAssumeDurable() {
		return this.redisAssumeDurable;
	}

	public void setRedisAssumeDurable(boolean redisAssumeDurable) {
		this.redisAssumeDurable = redisAssumeDurable;
	}

	@Override
	public boolean supports(Class<?> clazz) {
		return RedisBackendProperties.class.isAssignableFrom(clazz);
	}

	@Override
	public void validate(Object target, Errors errors) {
		RedisBackendProperties properties = (RedisBackendProperties) target;
		String group = properties.redisLeaseGroup;
		if (group == null || group.isEmpty() || group.length() > 128
				|| group.chars().anyMatch((c) -> Character.isWhitespace(c) || Character.isISOControl(c))) {
			errors.rejectValue("redisLeaseGroup", "format", "xxx.common.redis-lease-group must be 1 to 128 characters"
					+ " without spaces, such as the service's name, was '" + group + "'.");
		}
		requireAtLeast(errors, "redisLeaseTimeout", "xxx.common.redis-lease-timeout", properties.redisLeaseTimeout,
				RenewedLeaseDeploymentBuilder.MIN_LEASE_TIMEOUT);
		if (properties.redisExpectedReplicas < 0) {
			errors.rejectValue("redisExpectedReplicas", "range", "xxx.common.redis-expected-replicas must be 0 or more"
					+ " (the number of replicas of the Redis primary), was " + properties.redisExpectedReplicas + ".");
		}
	}

}
