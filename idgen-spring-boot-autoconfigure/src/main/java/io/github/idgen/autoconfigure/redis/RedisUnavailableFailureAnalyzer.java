package io.github.idgen.autoconfigure.redis;

import io.github.idgen.redis.RedisUnavailableException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up that could not reach Redis.
 */
class RedisUnavailableFailureAnalyzer extends AbstractFailureAnalyzer<RedisUnavailableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisUnavailableException cause) {
		String description = "idgen could not reach Redis at " + cause.getServer() + ", so it cannot check the server"
				+ " nor lease a worker id or take a range of segment ids from it: " + cause.getCause().getMessage();
		String action = "Check that Redis is running and reachable from this host, and that spring.data.redis.host,"
				+ " port, username and password (or url, or sentinel.*) are right, or the DataRedisConnectionDetails bean"
				+ " that replaces them; on a slow network raise spring.data.redis.connect-timeout. To run without Redis,"
				+ " set xxx.common.redis-enabled=false and xxx.common.segment-store=jdbc.";
		return new FailureAnalysis(description, action, cause);
	}

}
