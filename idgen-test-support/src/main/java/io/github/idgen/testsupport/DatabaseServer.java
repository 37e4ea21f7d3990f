package io.github.idgen.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real database server process from the machine's packages, on a free 127.0.0.1 port with its
 * data in a fresh temporary directory. It can be crashed and started again on the same data and
 * port. As a JUnit extension in a static field it runs for the test class; {@code shared()}
 * instances run once per JVM. Every server is stopped and its directory deleted when the JVM
 * exits, whatever the tests did.
 */
public abstract sealed class DatabaseServer implements AutoCloseable, BeforeAllCallback, AfterAllCallback
		permits PostgresServer, MariaDbServer {

	static final String INSTALL_HINT = "run 'bash scripts/install-test-databases.sh' (as root, on Debian or Ubuntu) to"
			+ " install them, or put them on the PATH";

	private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

	private final Path directory;

	private final int port;

	private final boolean shared;

	private boolean initialized;

	private boolean running;

	private boolean closed;

	private boolean watched;

	DatabaseServer(String name, boolean shared) {
		this.shared = shared;
		try {
			// under /tmp, not java.io.tmpdir: PostgreSQL runs as the postgres user, who cannot enter /root
			this.directory = Files.createTempDirectory(Path.of("/tmp"), "idgen-" + name + "-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.port = freePort();
		Runtime.getRuntime().addShutdownHook(new Thread(this::destroy, "close " + name + " on port " + this.port));
	}

	/**
	 * Returns a port that nothing listens on now.
	 * @return the port
	 */
	public static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Finds a program where Debian installs it, else on the PATH (another distribution, Homebrew).
	 * @param name the program's file name
	 * @param debian where Debian's package puts it, or null to look on the PATH only
	 * @return its path, or null if it is in neither place
	 */
	static @Nullable Path program(String name, @Nullable String debian) {
		if (debian != null && Files.isExecutable(Path.of(debian))) {
			return Path.of(debian);
		}
		for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
			if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
				return Path.of(dir, name);
			}
		}
		return null;
	}

	static boolean isRoot() {
		return "root".equals(System.getProperty("user.name"));
	}

	/** The JDBC URL of the test database on this server. */
	public final String jdbcUrl() {
		return jdbcUrl(this.port);
	}

	/**
	 * Returns the JDBC URL of the test database through another port, such as a {@link TcpProxy}'s.
	 * @param port the port to connect to
	 * @return the URL
	 */
	public abstract String jdbcUrl(int port);

	/** The user the tests connect as (all privileges). */
	public abstract String username();

	/** The password of {@link #username()}. */
	public String password() {
		return "";
	}

	/** The port the server listens on, also after a restart. */
	public final int port() {
		return this.port;
	}

	/** The directory that holds the data, the socket and the server's log. */
	public final Path directory() {
		return this.directory;
	}

	/**
	 * Starts the server, initializing its data directory on the first start. Does nothing if it is
	 * running.
	 */
	public final synchronized void start() {
		if (this.closed) {
			throw new IllegalStateException("server on port " + this.port + " is closed");
		}
		if (this.running) {
			return;
		}
		try {
			if (!this.initialized) {
				initialize(this.directory);
				this.initialized = true;
			}
			launch(this.directory, this.port);
			watchThisJvm();
			this.running = true;
			awaitConnection();
			afterStart();
		}
		catch (IOException ex) {
			throw new IllegalStateException("could not start " + this + ": " + ex.getMessage() + "\n" + logTail(), ex);
		}
	}

	/** Kills the server without letting it shut down (it recovers from its log on the next start). */
	public final synchronized void crash() {
		if (this.running) {
			this.running = false;
			kill(this.directory);
		}
	}

	/** Stops the server cleanly. */
	public final synchronized void stop() {
		if (this.running) {
			this.running = false;
			shutdown(this.directory);
		}
	}

	/** Whether the server was started and not stopped since. */
	public final synchronized boolean isRunning() {
		return this.running;
	}

	/**
	 * Opens a connection to the test database.
	 * @return a new connection, to close
	 * @throws SQLException if the server does not answer
	 */
	public Connection connect() throws SQLException {
		return DriverManager.getConnection(jdbcUrl(), username(), password());
	}

	/**
	 * Builds a connection pool to the test database with short timeouts, so that a crashed server
	 * shows within a second.
	 * @param maximumPoolSize the largest number of connections
	 * @return the pool, to close
	 */
	public HikariDataSource pool(int maximumPoolSize) {
		return pool(maximumPoolSize, this.port, null);
	}

	/**
	 * Builds a connection pool like {@link #pool(int)}, through another port or with a default
	 * transaction isolation.
	 * @param maximumPoolSize the largest number of connections
	 * @param port the port to connect to, such as a {@link TcpProxy}'s
	 * @param isolation the pool's default isolation, such as {@code TRANSACTION_REPEATABLE_READ}, or null
	 * @return the pool, to close
	 */
	public HikariDataSource pool(int maximumPoolSize, int port, @Nullable String isolation) {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(jdbcUrl(port));
		if (isolation != null) {
			config.setTransactionIsolation(isolation);
		}
		config.setUsername(username());
		config.setPassword(password());
		config.setMaximumPoolSize(maximumPoolSize);
		config.setMinimumIdle(0);
		config.setConnectionTimeout(1000);
		config.setValidationTimeout(500);
		config.setInitializationFailTimeout(-1);
		config.setPoolName(getClass().getSimpleName() + "-" + this.port);
		return new HikariDataSource(config);
	}

	/**
	 * Runs SQL statements on a new connection.
	 * @param statements the statements, run in order with auto-commit
	 */
	public void execute(String... statements) {
		try (Connection connection = connect(); var statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Stops the server and deletes its directory; a shared server (JUnit closes parameters that are
	 * {@link AutoCloseable}) is only closed when the JVM exits.
	 */
	@Override
	public final void close() {
		if (!this.shared) {
			destroy();
		}
	}

	private synchronized void destroy() {
		if (this.closed) {
			return;
		}
		crash();
		this.closed = true;
		deleteDirectory();
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		start();
	}

	@Override
	public void afterAll(ExtensionContext context) {
		close();
	}

	abstract void initialize(Path directory) throws IOException;

	abstract void launch(Path directory, int port) throws IOException;

	abstract void kill(Path directory);

	abstract void shutdown(Path directory);

	/** A shell command that kills the server however it was started, for the watchdog. */
	abstract String killCommand(Path directory);

	/** Starts, once, a watchdog that kills the server and deletes its directory when this JVM ends. */
	private void watchThisJvm() throws IOException {
		if (this.watched) {
			return;
		}
		this.watched = true;
		JvmWatchdog.killWhenThisJvmEnds(killCommand(this.directory), this.directory);
	}

	abstract Path logFile(Path directory);

	void afterStart() {
	}

	private void awaitConnection() throws IOException {
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		SQLException last = null;
		while (System.nanoTime() - deadline < 0) {
			try (Connection connection = DriverManager.getConnection(adminJdbcUrl(), username(), password())) {
				return;
			}
			catch (SQLException ex) {
				last = ex;
				sleep(100);
			}
		}
		throw new IOException("no connection within " + START_TIMEOUT + ": " + last);
	}

	/** The URL to connect to before the test database exists. */
	String adminJdbcUrl() {
		return jdbcUrl();
	}

	/**
	 * Runs a command and waits for it; its output goes to the server's log.
	 * @param command the command and its arguments
	 * @throws IOException if it fails or does not end within a minute
	 */
	final void run(List<String> command) throws IOException {
		Process process = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(this.directory.resolve("commands.log").toFile()))
			.start();
		try {
			if (!process.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
				process.destroyForcibly();
				throw new IOException("timed out: " + String.join(" ", command));
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			process.destroyForcibly();
			throw new IOException("interrupted: " + String.join(" ", command), ex);
		}
		if (process.exitValue() != 0) {
			throw new IOException("exit code " + process.exitValue() + " from " + String.join(" ", command));
		}
	}

	/** Runs a command without failing, for shutdown paths. */
	final void runQuietly(List<String> command) {
		try {
			run(command);
		}
		catch (IOException ex) {
			// the server may already be gone; nothing to clean up then
		}
	}

	static List<String> command(String... parts) {
		return new ArrayList<>(List.of(parts));
	}

	static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private String logTail() {
		StringBuilder tail = new StringBuilder();
		for (Path log : List.of(this.directory.resolve("commands.log"), logFile(this.directory))) {
			try {
				List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
				tail.append("--- ").append(log).append('\n');
				lines.subList(Math.max(0, lines.size() - 20), lines.size()).forEach((line) -> tail.append(line).append('\n'));
			}
			catch (IOException ex) {
				// no such log yet
			}
		}
		return tail.toString();
	}

	private void deleteDirectory() {
		// rm -rf, not Files.walk: a server that just stopped may still be removing its own files,
		// and a walk gives up on the first file that vanished under it
		runQuietly(command("rm", "-rf", this.directory.toString()));
	}

	@Override
	public String toString() {
		return getClass().getSimpleName() + " on 127.0.0.1:" + this.port + " in " + this.directory;
	}

}
