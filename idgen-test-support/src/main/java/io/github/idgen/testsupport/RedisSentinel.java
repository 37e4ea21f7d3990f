package io.github.idgen.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A real Redis Sentinel ({@code redis-server <conf> --sentinel}) on a free 127.0.0.1 port, watching one
 * {@link RedisServer} as the primary of a named master, so that clients find the primary through it.
 * Killed and its directory deleted when closed or when the JVM ends.
 */
public final class RedisSentinel implements AutoCloseable {

	private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

	private final Path directory;

	private final int port;

	private final Process process;

	/**
	 * Starts a Sentinel and waits until it names the primary.
	 * @param primary the running primary
	 * @param master the name of the master, as clients ask for it
	 */
	public RedisSentinel(RedisServer primary, String master) {
		this.port = DatabaseServer.freePort();
		try {
			this.directory = Files.createTempDirectory(Path.of("/tmp"), "idgen-sentinel-");
			Path config = this.directory.resolve("sentinel.conf");
			Files.writeString(config, "port " + this.port + "\nbind 127.0.0.1\ndir " + this.directory + "\npidfile "
					+ this.directory.resolve("sentinel.pid") + "\nsentinel monitor " + master + " 127.0.0.1 "
					+ primary.port() + " 1\n", StandardCharsets.UTF_8);
			JvmWatchdog.killWhenThisJvmEnds("kill -9 $(cat '" + this.directory.resolve("sentinel.pid") + "') 2>/dev/null",
					this.directory);
			this.process = new ProcessBuilder("redis-server", config.toString(), "--sentinel").redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.DISCARD)
				.start();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
		while (!primaryNamed(master).contains(Integer.toString(primary.port()))) {
			if (System.nanoTime() - deadline > 0 || !this.process.isAlive()) {
				close();
				throw new IllegalStateException("redis sentinel on port " + this.port + " did not start");
			}
			sleep();
		}
	}

	/** The port the Sentinel listens on. */
	public int port() {
		return this.port;
	}

	private String primaryNamed(String master) {
		try {
			Process cli = new ProcessBuilder("redis-cli", "-h", "127.0.0.1", "-p", Integer.toString(this.port), "SENTINEL",
					"get-master-addr-by-name", master).redirectErrorStream(true).start();
			String output = new String(cli.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			return cli.waitFor(10, TimeUnit.SECONDS) ? output : "";
		}
		catch (IOException ex) {
			return "";
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static void sleep() {
		try {
			Thread.sleep(50);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public void close() {
		this.process.destroyForcibly();
		try {
			this.process.waitFor(10, TimeUnit.SECONDS);
			new ProcessBuilder("rm", "-rf", this.directory.toString()).start().waitFor(10, TimeUnit.SECONDS);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
