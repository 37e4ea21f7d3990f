package io.github.idgen.redis;

/**
 * Thrown when idgen is pointed at Redis Cluster: its scripts read and write one server's records and
 * prove each write with {@code WAIT} on the connection that made it, which holds for a standalone
 * primary (with replicas) or one found through Sentinel, not for keys spread over a cluster's shards.
 */
public class RedisClusterNotSupportedException extends IllegalStateException {

	private final String server;

	/**
	 * Creates an exception.
	 * @param server the cluster, its node or the configuration that names it
	 */
	public RedisClusterNotSupportedException(String server) {
		super("Redis at " + server + " is Redis Cluster; idgen supports a standalone primary (with replicas) or one"
				+ " found through Sentinel, not Redis Cluster");
		this.server = server;
	}

	/**
	 * Returns what was refused.
	 * @return the cluster, its node or the configuration that names it
	 */
	public String getServer() {
		return this.server;
	}

}
