package io.github.idgen.autoconfigure.redis;

import java.util.stream.Collectors;

import io.github.idgen.redis.RedisNotDurableException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up refused because the Redis server may lose what idgen writes, one line per setting.
 */
class RedisNotDurableFailureAnalyzer extends AbstractFailureAnalyzer<RedisNotDurableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisNotDurableException cause) {
		String description = "idgen will not keep its worker-id leases or segment ranges in Redis at " + cause.getServer()
				+ ": it may lose what it acknowledged, and then hand one worker id or one range of ids out twice."
				+ cause.getProblems().stream().map((problem) -> "\n  - " + problem).collect(Collectors.joining());
		String action = "Fix each setting above on the Redis server (in redis.conf, and with CONFIG SET on the running"
				+ " server), or connect to the primary; start the replicas or lower xxx.common.redis-expected-replicas."
				+ " If a managed Redis keeps every acknowledged write and blocks CONFIG, set"
				+ " xxx.common.redis-assume-durable=true to vouch for it (idgen then warns at every start).";
		return new FailureAnalysis(description, action, cause);
	}

}
