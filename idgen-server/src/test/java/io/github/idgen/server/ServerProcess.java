package io.github.idgen.server;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.github.idgen.testsupport.DatabaseServer;
import org.jspecify.annotations.Nullable;

/**
 * {@code java -jar idgen-server.jar} as a separate process on a free port, as an operator runs it:
 * started, awaited until ready, killed with {@code kill -9} or stopped with SIGTERM, started again on
 * the same port. A watchdog kills it if the test JVM dies first.
 */
final class ServerProcess implements AutoCloseable {

	private static final Path JAR = Path.of(System.getProperty("idgen.test.server-jar", "target/idgen-server.jar"))
		.toAbsolutePath();

	private final String name;

	private final List<String> arguments;

	private final @Nullable Path workingDirectory;

	private final Map<String, String> environment = new LinkedHashMap<>();

	private final int port;

	private final Path log;

	private volatile Process process;

	private ServerProcess(String name, List<String> arguments, @Nullable Path workingDirectory) {
		this.name = name;
		this.arguments = List.copyOf(arguments);
		this.workingDirectory = workingDirectory;
		this.port = DatabaseServer.freePort();
		try {
			// beside the test reports, where a failed run's logs are looked for
			Path logs = Files.createDirectories(Path.of("target", "server-logs"));
			this.log = Files.createTempFile(logs, name + "-", ".log").toAbsolutePath();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Starts a server; {@link #awaitReady(Duration)} waits for it.
	 * @param name a name for its log file
	 * @param arguments Spring Boot arguments ({@code --key=value})
	 * @return the started process
	 */
	static ServerProcess start(String name, List<String> arguments) {
		ServerProcess server = new ServerProcess(name, arguments, null);
		server.start();
		return server;
	}

	/**
	 * Starts a server in a working directory of its own, where Spring Boot looks for
	 * {@code config/application.yml}.
	 * @param name a name for its log file
	 * @param arguments Spring Boot arguments ({@code --key=value})
	 * @param workingDirectory the directory java is started in
	 * @return the started process
	 */
	static ServerProcess start(String name, List<String> arguments, Path workingDirectory) {
		ServerProcess server = new ServerProcess(name, arguments, workingDirectory);
		server.start();
		return server;
	}

	/**
	 * Starts a server with environment variables of its own, beside those of the tests' process.
	 * @param name a name for its log file
	 * @param arguments Spring Boot arguments ({@code --key=value})
	 * @param environment the variables
	 * @return the started process
	 */
	static ServerProcess start(String name, List<String> arguments, Map<String, String> environment) {
		ServerProcess server = new ServerProcess(name, arguments, null);
		server.environment.putAll(environment);
		server.start();
		return server;
	}

	synchronized void start() {
		if (!JAR.toFile().isFile()) {
			throw new IllegalStateException(JAR + " is missing: the integration tests run after 'mvn package'");
		}
		List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
				// a short-lived test process: quick start over peak speed, small heap
				"-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx256m", "-jar", JAR.toString(),
				"--server.port=" + this.port, "--spring.main.banner-mode=off"));
		command.addAll(this.arguments);
		try {
			File directory = (this.workingDirectory != null) ? this.workingDirectory.toFile() : null;
			ProcessBuilder builder = new ProcessBuilder(command);
			builder.environment().putAll(this.environment);
			this.process = builder.directory(directory)
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(this.log.toFile()))
				.start();
			String watchdog = "while kill -0 " + ProcessHandle.current().pid() + " 2>/dev/null; do sleep 1; done; kill -9 "
					+ this.process.pid() + " 2>/dev/null";
			new ProcessBuilder("sh", "-c", watchdog).redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.redirectError(ProcessBuilder.Redirect.DISCARD)
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("could not start " + this, ex);
		}
	}

	/**
	 * Waits until the server answers its readiness probe with 200.
	 * @param timeout how long to wait
	 * @return this
	 * @throws IllegalStateException if the process ended or the time ran out, with the log's tail
	 */
	ServerProcess awaitReady(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() - deadline < 0) {
			if (!this.process.isAlive()) {
				throw new IllegalStateException(this + " exited with " + this.process.exitValue() + ":\n" + logTail());
			}
			try {
				if (Http.get(this.port, "/actuator/health/readiness").statusCode() == 200) {
					return this;
				}
			}
			catch (UncheckedIOException ex) {
				// not listening yet
			}
			sleep(200);
		}
		throw new IllegalStateException(this + " not ready within " + timeout + ":\n" + logTail());
	}

	int port() {
		return this.port;
	}

	long pid() {
		return this.process.pid();
	}

	boolean isAlive() {
		return this.process.isAlive();
	}

	/** {@code kill -9}: no shutdown hook, no lease given back. */
	void kill() {
		this.process.destroyForcibly();
		waitFor(Duration.ofSeconds(10));
	}

	/** SIGTERM, as systemd and Kubernetes stop a service; returns at once. */
	void terminate() {
		this.process.destroy();
	}

	/**
	 * Waits for the process to end.
	 * @param timeout how long to wait
	 * @return its exit code
	 */
	int waitFor(Duration timeout) {
		try {
			if (!this.process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				throw new IllegalStateException(this + " still running after " + timeout + ":\n" + logTail());
			}
			return this.process.exitValue();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	String log() {
		try {
			return Files.readString(this.log, StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	String logTail() {
		List<String> lines = log().lines().toList();
		return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
	}

	@Override
	public void close() {
		if (this.process != null && this.process.isAlive()) {
			this.process.destroyForcibly();
		}
	}

	@Override
	public String toString() {
		return "idgen-server " + this.name + " on port " + this.port;
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

}
