package io.github.idgen.redis;

/**
 * Thrown at start-up when the Redis server behind a backend cannot be reached, so that it cannot check
 * the server nor lease or allocate anything.
 */
public class RedisUnavailableException extends IllegalStateException {

	private final String server;

	/**
	 * Creates an exception.
	 * @param server the server, as {@link RedisConnector#describe()} says
	 * @param cause what the client reported
	 */
	public RedisUnavailableException(String server, Throwable cause) {
		super("Could not reach Redis at " + server + ": " + cause.getMessage(), cause);
		this.server = server;
	}

	/**
	 * Returns the server that could not be reached.
	 * @return as {@link RedisConnector#describe()} says
	 */
	public String getServer() {
		return this.server;
	}

}
