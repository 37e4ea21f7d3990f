package io.github.idgen.autoconfigure.redis;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up with a Redis backend switched on and no Redis client on the classpath.
 */
class MissingRedisClientFailureAnalyzer extends AbstractFailureAnalyzer<MissingRedisClientException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingRedisClientException cause) {
		String description = "idgen cannot keep its records in Redis: " + cause.getSetting() + " needs Lettuce"
				+ " (io.lettuce:lettuce-core) and Spring Boot's Redis support (org.springframework.boot:spring-boot-data-redis),"
				+ " and they are not both on the classpath.";
		String action = "Depend on org.springframework.boot:spring-boot-starter-data-redis, which brings both. To run"
				+ " without Redis, set xxx.common.redis-enabled=false and xxx.common.segment-store=jdbc.";
		return new FailureAnalysis(description, action, cause);
	}

}
