package io.github.idgen.redis;

import java.util.List;

/**
 * Thrown at start-up when a Redis server is not set up to keep what idgen writes: it may lose an
 * acknowledged write on a restart (persistence), evict a record (memory policy), lose it on a
 * failover (too few replicas), or its settings cannot be read at all (a managed service that blocks
 * {@code CONFIG}). Each problem names the setting and how to fix it; an operator who vouches for
 * the setup can declare it durable instead, and idgen warns at every start that it did not check.
 */
public class RedisNotDurableException extends IllegalStateException {

	private final String server;

	private final List<String> problems;

	/**
	 * Creates an exception.
	 * @param server the server, as {@link RedisConnector#describe()} says
	 * @param problems each setting that does not hold, with its fix
	 */
	public RedisNotDurableException(String server, List<String> problems) {
		super("Redis at " + server + " is not set up to keep idgen's leases and ranges: " + String.join("; ", problems));
		this.server = server;
		this.problems = List.copyOf(problems);
	}

	/**
	 * Returns the server that was checked.
	 * @return as {@link RedisConnector#describe()} says
	 */
	public String getServer() {
		return this.server;
	}

	/**
	 * Returns what does not hold, one setting each, with its fix.
	 * @return the problems
	 */
	public List<String> getProblems() {
		return this.problems;
	}

}
