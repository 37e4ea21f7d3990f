package io.github.idgen.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A real {@code redis-server} process (Debian's package) on a free 127.0.0.1 port with its data in a
 * fresh directory, persisting every write before it answers ({@code --appendonly yes --appendfsync
 * always --save ''}) unless other settings are given, and syncing a replica at once. It can be killed with SIGKILL, frozen with
 * SIGSTOP, stopped, started again on the same data and port, have its data directory copied and
 * restored, and get replicas. As a JUnit extension in a static field it runs for the test class;
 * {@link #shared()} runs once per JVM. Every server is killed and its directory deleted when the JVM
 * ends, whatever the tests did.
 */
public final class RedisServer implements AutoCloseable, BeforeAllCallback, AfterAllCallback {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	private static @Nullable RedisServer shared;

	private static final AtomicBoolean clientWarmedUp = new AtomicBoolean();

	private final Path directory;

	private final int port;

	private final List<String> settings;

	private @Nullable Process process;

	private boolean closed;

	/**
	 * A server for one test class, durable as idgen requires.
	 */
	public RedisServer() {
		this(List.of());
	}

	/**
	 * A server with settings of its own, after the durable defaults (a later setting wins).
	 * @param settings such as {@code "--appendfsync", "everysec"}
	 */
	public RedisServer(String... settings) {
		this(List.of(settings));
	}

	private RedisServer(List<String> settings) {
		try {
			this.directory = Files.createTempDirectory(Path.of("/tmp"), "idgen-redis-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.port = DatabaseServer.freePort();
		this.settings = settings;
		Runtime.getRuntime().addShutdownHook(new Thread(this::destroy, "close redis on port " + this.port));
		watchThisJvm();
	}

	/**
	 * Returns the server all test classes of this JVM share, started on first use.
	 * @return the shared server
	 */
	public static synchronized RedisServer shared() {
		if (shared == null) {
			shared = new RedisServer();
		}
		shared.start();
		return shared;
	}

	/** The port the server listens on, also after a restart. */
	public int port() {
		return this.port;
	}

	/** The directory of its data and log. */
	public Path directory() {
		return this.directory;
	}

	/**
	 * Returns a URI of the server with short timeouts, through another port if given, such as a
	 * {@link TcpProxy}'s.
	 * @param port the port to connect to
	 * @return the URI
	 */
	public RedisURI uri(int port) {
		return RedisURI.builder().withHost("127.0.0.1").withPort(port).withTimeout(Duration.ofSeconds(2)).build();
	}

	/** A URI of the server itself. */
	public RedisURI uri() {
		return uri(this.port);
	}

	/**
	 * Starts the server on its data directory, if it is not running, and waits until it answers.
	 */
	public synchronized void start() {
		if (this.closed) {
			throw new IllegalStateException("redis-server on port " + this.port + " is closed");
		}
		if (this.process != null && this.process.isAlive()) {
			return;
		}
		List<String> command = new ArrayList<>(List.of(redisServer(), "--port", Integer.toString(this.port), "--bind",
				"127.0.0.1", "--dir", this.directory.toString(), "--appendonly", "yes", "--appendfsync", "always", "--save",
				"", "--repl-diskless-sync-delay", "0", "--pidfile", pidFile().toString(), "--logfile",
				this.directory.resolve("redis.log").toString()));
		command.addAll(this.settings);
		try {
			this.process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (!cliQuietly("PING").equals("PONG")) {
			if (System.nanoTime() - deadline > 0 || !this.process.isAlive()) {
				throw new IllegalStateException("redis-server on port " + this.port + " did not start: " + logTail());
			}
			sleep(50);
		}
		warmUpClientOnce();
	}

	/**
	 * Connects once per JVM with a long timeout, so that the first connection a test makes (with the
	 * short timeouts of {@link #uri()}) does not also pay for loading Lettuce and Netty: on a loaded
	 * two-core machine that took over two seconds and failed the first Redis test of a run.
	 */
	private void warmUpClientOnce() {
		if (!clientWarmedUp.compareAndSet(false, true)) {
			return;
		}
		RedisURI uri = RedisURI.builder().withHost("127.0.0.1").withPort(this.port).withTimeout(START_TIMEOUT).build();
		RedisClient client = RedisClient.create(uri);
		try (StatefulRedisConnection<String, String> connection = client.connect()) {
			connection.sync().ping();
		}
		catch (RuntimeException ex) {
			// a server that wants a password, say: the classes are loaded all the same
		}
		finally {
			client.shutdown();
		}
	}

	/** Kills the server with SIGKILL, as a crash does: it saves nothing on the way out. */
	public synchronized void crash() {
		Process running = this.process;
		if (running != null) {
			signal("CONT");
			running.destroyForcibly();
			waitFor(running);
			this.process = null;
		}
	}

	/** Stops the server with SIGTERM: it finishes writing its append-only file. */
	public synchronized void stop() {
		Process running = this.process;
		if (running != null) {
			signal("CONT");
			running.destroy();
			waitFor(running);
			this.process = null;
		}
	}

	/** Freezes the server with SIGSTOP: its connections stay open and silent. */
	public void freeze() {
		signal("STOP");
	}

	/** Thaws a frozen server. */
	public void thaw() {
		signal("CONT");
	}

	/**
	 * Copies the data directory of a stopped server.
	 * @return the copy, to {@link #restoreData(Path)} later
	 */
	public synchronized Path copyData() {
		requireStopped();
		Path copy = this.directory.resolve("copy-" + System.nanoTime());
		run("cp", "-a", appendOnlyDirectory().toString(), copy.toString());
		return copy;
	}

	/**
	 * Replaces the data of a stopped server with a copy, as an operator restoring a backup does.
	 * @param copy what {@link #copyData()} returned
	 */
	public synchronized void restoreData(Path copy) {
		requireStopped();
		run("rm", "-rf", appendOnlyDirectory().toString());
		run("cp", "-a", copy.toString(), appendOnlyDirectory().toString());
	}

	/**
	 * Starts a replica of this server and waits until it is in sync and has rewritten its append-only
	 * file after the sync: during that rewrite a busy disk can hold the replica's first
	 * acknowledgements back for longer than a test's renewal allows.
	 * @return the running replica, to close
	 */
	public RedisServer startReplica() {
		RedisServer replica = new RedisServer("--replicaof", "127.0.0.1", Integer.toString(this.port));
		replica.start();
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (!replica.cli("INFO", "replication").contains("master_link_status:up") || !replica.settled()) {
			if (System.nanoTime() - deadline > 0) {
				throw new IllegalStateException("replica on port " + replica.port + " did not sync: " + replica.logTail());
			}
			sleep(50);
		}
		return replica;
	}

	private boolean settled() {
		String persistence = cli("INFO", "persistence");
		return persistence.contains("loading:0") && persistence.contains("aof_rewrite_in_progress:0")
				&& persistence.contains("aof_rewrite_scheduled:0");
	}

	/**
	 * Cuts a replica off its primary for good: it follows a port nobody listens on, keeps its data, and
	 * misses every write from now on (a frozen replica would still read what its socket buffered).
	 */
	public void breakReplication() {
		cli("REPLICAOF", "127.0.0.1", Integer.toString(DatabaseServer.freePort()));
	}

	/** Makes a replica a primary ({@code REPLICAOF NO ONE}), as a failover does. */
	public void promote() {
		cli("REPLICAOF", "NO", "ONE");
	}

	/**
	 * Runs a command with {@code redis-cli}.
	 * @param arguments the command and its arguments
	 * @return what it printed, trimmed
	 */
	public String cli(String... arguments) {
		List<String> command = new ArrayList<>(List.of("redis-cli", "-h", "127.0.0.1", "-p", Integer.toString(this.port)));
		command.addAll(List.of(arguments));
		return run(command.toArray(String[]::new));
	}

	private String cliQuietly(String... arguments) {
		try {
			return cli(arguments);
		}
		catch (IllegalStateException ex) {
			return "";
		}
	}

	@Override
	public void close() {
		if (this != shared) {
			destroy();
		}
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		start();
	}

	@Override
	public void afterAll(ExtensionContext context) {
		close();
	}

	private synchronized void destroy() {
		if (!this.closed) {
			crash();
			this.closed = true;
			run("rm", "-rf", this.directory.toString());
		}
	}

	private void requireStopped() {
		if (this.process != null) {
			throw new IllegalStateException("stop redis-server on port " + this.port + " first");
		}
	}

	private Path appendOnlyDirectory() {
		return this.directory.resolve("appendonlydir");
	}

	private Path pidFile() {
		return this.directory.resolve("redis.pid");
	}

	private void signal(String name) {
		Process running = this.process;
		if (running != null && running.isAlive()) {
			run("kill", "-" + name, Long.toString(running.pid()));
		}
	}

	private void watchThisJvm() {
		try {
			JvmWatchdog.killWhenThisJvmEnds("kill -9 $(cat '" + pidFile() + "') 2>/dev/null", this.directory);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static String redisServer() {
		Path program = DatabaseServer.program("redis-server", "/usr/bin/redis-server");
		if (program == null) {
			throw new IllegalStateException("redis-server is missing; " + DatabaseServer.INSTALL_HINT);
		}
		return program.toString();
	}

	private static String run(String... command) {
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
			if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
				throw new IllegalStateException("failed: " + String.join(" ", command) + ": " + output);
			}
			return output;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static void waitFor(Process process) {
		try {
			process.waitFor(30, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static void sleep(long millis) {
		try {
			Thread.sleep(millis);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private String logTail() {
		try {
			List<String> lines = Files.readAllLines(this.directory.resolve("redis.log"), StandardCharsets.UTF_8);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
		}
		catch (IOException ex) {
			return "(no log)";
		}
	}

	@Override
	public String toString() {
		return "RedisServer on 127.0.0.1:" + this.port + " in " + this.directory;
	}

}
