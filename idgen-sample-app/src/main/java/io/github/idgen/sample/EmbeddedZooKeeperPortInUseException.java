package io.github.idgen.sample;

/**
 * Thrown at start-up when the embedded ZooKeeper server cannot listen on its port, typically because
 * another instance of the sample app already runs its embedded server there.
 */
class EmbeddedZooKeeperPortInUseException extends IllegalStateException {

	private final int port;

	EmbeddedZooKeeperPortInUseException(int port, Throwable cause) {
		super("Cannot start the embedded ZooKeeper server on 127.0.0.1:" + port + ": the port is already in use",
				cause);
		this.port = port;
	}

	/**
	 * Returns the port that was taken.
	 * @return the port
	 */
	int getPort() {
		return this.port;
	}

}
