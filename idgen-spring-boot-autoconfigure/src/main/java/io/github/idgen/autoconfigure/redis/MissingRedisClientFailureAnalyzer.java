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
				+ " (io.lettuce:lettuce-core), Spring Boot's Redis support (org.springframework.boot:spring-boot-data-redis)"
				+ " and idgen's Redis backend (io.github.idgen:idgen-redis), and they are not all on the classpath.";
		String action = "Depend on io.github.idgen:idgen-spring-boot-starter-redis, which brings all three; with"
				+ " idgen-spring-boot-starter, add org.springframework.boot:spring-boot-starter-data-redis. To run"
				+ " without Redis, set xxx.common.redis-enabled=false and xxx.common.segment-store=jdbc.";
		return new FailureAnalysis(description, action, cause);
	}

}
