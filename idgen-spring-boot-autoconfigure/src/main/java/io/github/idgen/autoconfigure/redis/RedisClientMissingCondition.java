package io.github.idgen.autoconfigure.redis;

import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.NoneNestedConditions;

/**
 * Matches when Lettuce, Spring Boot's Redis support or idgen's Redis backend (idgen-redis) is not on the
 * classpath, so that a Redis backend
 * that was asked for fails with {@link MissingRedisClientException} instead of silently not starting.
 */
class RedisClientMissingCondition extends NoneNestedConditions {

	RedisClientMissingCondition() {
		super(ConfigurationPhase.PARSE_CONFIGURATION);
	}

	@ConditionalOnClass(name = { "io.lettuce.core.RedisClient",
			"org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails",
			"io.github.idgen.redis.RedisConnector" })
	static class RedisClientPresent {

	}

}
