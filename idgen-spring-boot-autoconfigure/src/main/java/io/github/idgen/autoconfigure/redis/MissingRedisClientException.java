package io.github.idgen.autoconfigure.redis;

/**
 * Thrown at start-up when a Redis backend is switched on and Lettuce, Spring Boot's Redis support
 * ({@code spring-boot-data-redis}) or idgen's Redis backend ({@code idgen-redis}) is not on the classpath.
 */
class MissingRedisClientException extends IllegalStateException {

	private final String setting;

	/**
	 * @param setting the setting that asked for Redis, such as {@code xxx.common.redis-enabled=true}
	 */
	MissingRedisClientException(String setting) {
		super(setting + " keeps idgen's records in Redis on Spring Boot's Redis connection, and"
				+ " io.lettuce.core.RedisClient, org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails"
				+ " or io.github.idgen.redis.RedisConnector (idgen-redis) is not on the classpath");
		this.setting = setting;
	}

	String getSetting() {
		return this.setting;
	}

}
