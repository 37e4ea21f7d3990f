package io.github.idgen.sample;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.apache.zookeeper.server.persistence.FileTxnSnapLog;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A standalone ZooKeeper server inside this process, listening on the loopback address only, with its
 * data in a temporary directory that {@link #close()} deletes. It is the demo's stand-in for a real
 * ensemble: the sample app starts one when {@code xxx.common.zookeeper-addr} is not set.
 * <p>
 * Built from ZooKeeper's own server classes ({@link ZooKeeperServer} behind a
 * {@link ServerCnxnFactory}), the way {@code ZooKeeperServerMain} assembles them, rather than with
 * curator-test's {@code TestingServer}: that would put curator-test and JUnit into a production jar.
 * Unlike {@code ZooKeeperServerMain} it starts no admin server (which would bind port 8080) and sets
 * no system property.
 */
final class EmbeddedZooKeeper implements Closeable {

	private static final Logger logger = LoggerFactory.getLogger(EmbeddedZooKeeper.class);

	/** ZooKeeper's basic time unit; sessions are checked for expiry once per tick. */
	private static final int TICK_TIME_MILLIS = 1000;

	/**
	 * Session timeouts the server grants: from 1 s (the least idgen accepts, handy for tests) to 60 s,
	 * wider than ZooKeeper's default 2 to 20 ticks.
	 */
	private static final int MIN_SESSION_TIMEOUT_MILLIS = 1000;

	private static final int MAX_SESSION_TIMEOUT_MILLIS = 60_000;

	private static final int MAX_CLIENT_CONNECTIONS = 100;

	private final Path dataDirectory;

	private final int port;

	private @Nullable Running running;

	private boolean closed;

	private EmbeddedZooKeeper(Path dataDirectory, Running running) {
		this.dataDirectory = dataDirectory;
		this.running = running;
		this.port = running.connections.getLocalPort();
	}

	/**
	 * Starts a server on {@code 127.0.0.1:port}.
	 * @param port the client port, or 0 for any free port
	 * @return the running server
	 * @throws EmbeddedZooKeeperPortInUseException if something already listens on the port
	 */
	static EmbeddedZooKeeper start(int port) {
		Path dataDirectory;
		try {
			dataDirectory = Files.createTempDirectory("idgen-sample-zookeeper-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not create a data directory for the embedded ZooKeeper server", ex);
		}
		try {
			return new EmbeddedZooKeeper(dataDirectory, Running.start(dataDirectory, port));
		}
		catch (RuntimeException | Error ex) {
			deleteRecursively(dataDirectory);
			throw ex;
		}
	}

	/**
	 * Returns the connect string of this server.
	 * @return {@code 127.0.0.1:<port>}
	 */
	String getConnectString() {
		return "127.0.0.1:" + this.port;
	}

	/**
	 * Returns the port the server listens on.
	 * @return the port, never 0
	 */
	int getPort() {
		return this.port;
	}

	/**
	 * Returns the directory of snapshots and transaction logs.
	 * @return the data directory
	 */
	Path getDataDirectory() {
		return this.dataDirectory;
	}

	/**
	 * Returns whether the server is serving clients.
	 * @return true between start (or restart) and stop
	 */
	synchronized boolean isRunning() {
		return this.running != null;
	}

	/**
	 * Stops serving and drops every client connection, but keeps the data, so that
	 * {@link #restart()} brings back the same nodes and the sessions that have not expired meanwhile,
	 * like an operator restarting a real server.
	 */
	synchronized void stop() {
		Running current = this.running;
		if (current != null) {
			this.running = null;
			current.stop();
		}
	}

	/**
	 * Starts serving again on the same port and data after {@link #stop()}.
	 * @throws EmbeddedZooKeeperPortInUseException if something took the port meanwhile
	 */
	synchronized void restart() {
		if (this.closed) {
			throw new IllegalStateException("The embedded ZooKeeper server is closed");
		}
		if (this.running == null) {
			this.running = Running.start(this.dataDirectory, this.port);
		}
	}

	/**
	 * Stops the server and deletes its data directory.
	 */
	@Override
	public synchronized void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		stop();
		deleteRecursively(this.dataDirectory);
		logger.info("Stopped the embedded ZooKeeper server on {} and deleted its data directory {}",
				getConnectString(), this.dataDirectory);
	}

	@Override
	public String toString() {
		return "EmbeddedZooKeeper[" + getConnectString() + ", " + this.dataDirectory + "]";
	}

	private static void deleteRecursively(Path directory) {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> paths = Files.walk(directory)) {
			paths.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		catch (IOException | UncheckedIOException ex) {
			logger.warn("Could not delete the data directory {} of the embedded ZooKeeper server", directory, ex);
		}
	}

	/**
	 * One run of the server, from start to stop.
	 */
	private record Running(FileTxnSnapLog transactionLog, ZooKeeperServer server, ServerCnxnFactory connections) {

		static Running start(Path dataDirectory, int port) {
			InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
			FileTxnSnapLog transactionLog = null;
			ServerCnxnFactory connections = null;
			boolean started = false;
			try {
				transactionLog = new FileTxnSnapLog(dataDirectory.toFile(), dataDirectory.toFile());
				// listen backlog -1: the JVM default; a null database: the server loads it from the log
				ZooKeeperServer server = new ZooKeeperServer(transactionLog, TICK_TIME_MILLIS, MIN_SESSION_TIMEOUT_MILLIS,
						MAX_SESSION_TIMEOUT_MILLIS, -1, null, "");
				connections = ServerCnxnFactory.createFactory();
				connections.configure(address, MAX_CLIENT_CONNECTIONS, -1, false);
				connections.startup(server);
				started = true;
				return new Running(transactionLog, server, connections);
			}
			catch (Exception ex) {
				if (ex instanceof InterruptedException) {
					Thread.currentThread().interrupt();
				}
				if (isBindFailure(ex)) {
					throw new EmbeddedZooKeeperPortInUseException(port, ex);
				}
				throw new IllegalStateException("Could not start the embedded ZooKeeper server on " + address + ": " + ex,
						ex);
			}
			finally {
				if (!started) {
					if (connections != null) {
						connections.shutdown();
					}
					closeQuietly(transactionLog);
				}
			}
		}

		void stop() {
			// closes every client connection and shuts the server down
			this.connections.shutdown();
			try {
				this.connections.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			this.server.shutdown(true);
			closeQuietly(this.transactionLog);
		}

		private static boolean isBindFailure(Throwable ex) {
			for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
				if (cause instanceof BindException) {
					return true;
				}
			}
			return false;
		}

		private static void closeQuietly(@Nullable FileTxnSnapLog transactionLog) {
			if (transactionLog != null) {
				try {
					transactionLog.close();
				}
				catch (IOException ex) {
					logger.debug("Could not close the transaction log of the embedded ZooKeeper server", ex);
				}
			}
		}

	}

}
