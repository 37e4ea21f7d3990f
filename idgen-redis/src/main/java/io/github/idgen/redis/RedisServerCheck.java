package io.github.idgen.redis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.lettuce.core.RedisCommandExecutionException;
import io.lettuce.core.RedisConnectionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The start-up check of a Redis server: idgen counts a write as done once the server answered it and
 * the expected replicas acknowledged it, which holds only if the server fsyncs every write before it
 * answers ({@code appendonly yes}, {@code appendfsync always}, also while the append-only file is
 * rewritten: {@code no-appendfsync-on-rewrite no}), never evicts a key
 * ({@code maxmemory-policy noeviction}), is a primary, and has the replicas. Redis Cluster is refused
 * whatever the operator says ({@link RedisClusterNotSupportedException}): idgen's scripts keep one
 * server's view.
 */
final class RedisServerCheck {

	private static final Logger logger = LoggerFactory.getLogger(RedisServerCheck.class);

	private RedisServerCheck() {
	}

	/**
	 * Checks the server behind a channel.
	 * @param channel the backend's channel; its connector says how many replicas every write waits for
	 * and whether the operator vouches for the settings (then nothing but Cluster is checked)
	 * @throws RedisNotDurableException naming each setting that does not hold
	 * @throws RedisClusterNotSupportedException if the server is a Redis Cluster node
	 * @throws RedisUnavailableException if the server cannot be reached
	 */
	static void verify(RedisChannel channel) {
		String server = channel.describe();
		int expectedReplicas = channel.connector().expectedReplicas();
		Map<String, String> cluster;
		try {
			cluster = info(channel, "cluster");
		}
		catch (RedisConnectionException ex) {
			throw new RedisUnavailableException(server, ex);
		}
		if ("1".equals(cluster.get("cluster_enabled"))) {
			throw new RedisClusterNotSupportedException(server + " (a cluster node)");
		}
		if (channel.connector().assumeDurable()) {
			logger.warn("Redis at {}: idgen did not check that it fsyncs every write (appendonly yes, appendfsync always),"
					+ " never evicts (maxmemory-policy noeviction) and has {} replica(s); the operator declared it durable."
					+ " If it is not, a restart or failover can hand one worker id or one range of ids out twice", server,
					expectedReplicas);
			return;
		}
		Map<String, String> config;
		try {
			config = channel.call((commands) -> commands.configGet("appendonly", "appendfsync", "no-appendfsync-on-rewrite",
					"maxmemory-policy"));
		}
		catch (RedisCommandExecutionException ex) {
			throw new RedisNotDurableException(server, List.of("its settings cannot be read (CONFIG GET answered '"
					+ ex.getMessage() + "', as managed services that block CONFIG do); make sure it fsyncs every write"
					+ " (appendonly yes, appendfsync always, no-appendfsync-on-rewrite no), never evicts"
					+ " (maxmemory-policy noeviction) and has "
					+ expectedReplicas + " replica(s), then declare it durable"));
		}
		List<String> problems = new ArrayList<>();
		require(config, "appendonly", "yes", "every write is lost on a restart", problems);
		require(config, "appendfsync", "always", "writes acknowledged in the last second are lost on a crash", problems);
		require(config, "no-appendfsync-on-rewrite", "no",
				"while the append-only file is rewritten, writes are acknowledged without an fsync and lost on a crash",
				problems);
		require(config, "maxmemory-policy", "noeviction", "a full server may delete a record", problems);
		Map<String, String> replication = info(channel, "replication");
		String role = replication.getOrDefault("role", "?");
		if (!"master".equals(role)) {
			problems.add("its role is '" + role + "', must be a primary ('master'): connect to the primary, or through"
					+ " Sentinel");
		}
		int replicas = Integer.parseInt(replication.getOrDefault("connected_slaves", "0"));
		if (replicas < expectedReplicas) {
			problems.add(replicas + " replica(s) connected, " + expectedReplicas + " expected: every write waits for "
					+ expectedReplicas + ", so none would count; start the replicas or expect fewer");
		}
		if (!problems.isEmpty()) {
			throw new RedisNotDurableException(server, problems);
		}
	}

	private static void require(Map<String, String> config, String setting, String required, String otherwise,
			List<String> problems) {
		String value = config.getOrDefault(setting, "(not reported)");
		if (!required.equals(value)) {
			problems.add(setting + " is '" + value + "', must be '" + required + "' (" + otherwise + "): CONFIG SET "
					+ setting + " " + required + ", and the same in redis.conf");
		}
	}

	/** Reads one section of {@code INFO} as its {@code key:value} lines. */
	static Map<String, String> info(RedisChannel channel, String section) {
		Map<String, String> values = new HashMap<>();
		for (String line : channel.call((commands) -> commands.info(section)).split("\r?\n")) {
			int colon = line.indexOf(':');
			if (colon > 0 && !line.startsWith("#")) {
				values.put(line.substring(0, colon), line.substring(colon + 1).trim());
			}
		}
		return values;
	}

}
