package io.github.idgen.cluster;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

/**
 * Thrown at start when ZooKeeper could not be reached within the connection timeout.
 */
public class ZooKeeperUnavailableException extends IllegalStateException {

	private final String connectString;

	private final Duration timeout;

	ZooKeeperUnavailableException(String connectString, Duration timeout, @Nullable Throwable cause) {
		super("Could not connect to ZooKeeper at '" + connectString + "' within " + timeout.toMillis() + " ms", cause);
		this.connectString = connectString;
		this.timeout = timeout;
	}

	/**
	 * Returns how long the connection was waited for.
	 * @return the connection timeout
	 */
	public Duration getTimeout() {
		return this.timeout;
	}

	/**
	 * Returns the address that could not be reached.
	 * @return the connect string
	 */
	public String getConnectString() {
		return this.connectString;
	}

}
