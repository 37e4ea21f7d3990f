package io.github.idgen.autoconfigure.redis;

import io.github.idgen.redis.RedisClusterNotSupportedException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up refused because the Redis connection is a Redis Cluster or a static
 * primary/replica set.
 */
class RedisClusterNotSupportedFailureAnalyzer extends AbstractFailureAnalyzer<RedisClusterNotSupportedException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, RedisClusterNotSupportedException cause) {
		String description = "idgen cannot keep its records in Redis at " + cause.getServer() + ": it proves every write"
				+ " on the one primary that made it, which a Redis Cluster or a static primary/replica set does not give.";
		String action = "Point Spring Boot's Redis connection at a standalone primary (spring.data.redis.host and port, or"
				+ " url) or at its Sentinels (spring.data.redis.sentinel.master and nodes), and remove"
				+ " spring.data.redis.cluster.nodes or spring.data.redis.masterreplica.nodes. Or lease worker ids from"
				+ " ZooKeeper or the database instead (xxx.common.zookeeper-enabled or xxx.common.jdbc-enabled).";
		return new FailureAnalysis(description, action, cause);
	}

}
