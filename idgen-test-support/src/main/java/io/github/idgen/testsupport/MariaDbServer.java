package io.github.idgen.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * A MariaDB server process (Debian's {@code mariadb-server} package: {@code mariadbd},
 * {@code mariadb-install-db}), started with {@code --no-defaults} so that no system configuration
 * applies, with its own socket and a test database {@code idgen}. A crash is {@code SIGKILL}.
 */
public final class MariaDbServer extends DatabaseServer {

	private static MariaDbServer shared;

	private final String mariadbd;

	private final String installDb;

	private @Nullable Process process;

	/** A server for one test class (register it in a static {@code @RegisterExtension} field). */
	public MariaDbServer() {
		this(false);
	}

	private MariaDbServer(boolean shared) {
		super("mariadb", shared);
		this.mariadbd = find("mariadbd", "/usr/sbin/mariadbd");
		this.installDb = find("mariadb-install-db", "/usr/bin/mariadb-install-db");
	}

	/**
	 * Returns the server that all test classes of this JVM share, started on first use.
	 * @return the shared server
	 */
	public static synchronized MariaDbServer shared() {
		if (shared == null) {
			shared = new MariaDbServer(true);
		}
		shared.start();
		return shared;
	}

	private static String find(String name, String debian) {
		Path program = program(name, debian);
		if (program == null) {
			throw new IllegalStateException("MariaDB server binary " + name + " is missing; " + INSTALL_HINT);
		}
		return program.toString();
	}

	@Override
	public String jdbcUrl(int port) {
		return "jdbc:mariadb://127.0.0.1:" + port + "/idgen";
	}

	@Override
	String adminJdbcUrl() {
		return "jdbc:mariadb://127.0.0.1:" + port() + "/";
	}

	@Override
	public String username() {
		return "root";
	}

	@Override
	void initialize(Path directory) throws IOException {
		List<String> command = command(this.installDb, "--no-defaults", "--datadir=" + directory.resolve("data"),
				"--auth-root-authentication-method=normal", "--skip-test-db");
		if (isRoot()) {
			command.add("--user=root");
		}
		run(command);
	}

	@Override
	void launch(Path directory, int port) throws IOException {
		List<String> command = command(this.mariadbd, "--no-defaults", "--datadir=" + directory.resolve("data"),
				"--port=" + port, "--bind-address=127.0.0.1", "--socket=" + directory.resolve("mariadb.sock"),
				"--pid-file=" + directory.resolve("mariadb.pid"), "--log-error=" + logFile(directory),
				"--skip-log-bin", "--innodb-buffer-pool-size=32M", "--max-connections=200");
		if (isRoot()) {
			command.add("--user=root");
		}
		this.process = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(directory.resolve("commands.log").toFile()))
			.start();
	}

	@Override
	void afterStart() {
		try (var connection = DriverManager.getConnection(adminJdbcUrl(), username(), password());
				var statement = connection.createStatement()) {
			statement.execute("CREATE DATABASE IF NOT EXISTS idgen");
		}
		catch (SQLException ex) {
			throw new IllegalStateException("could not create the test database on " + this, ex);
		}
	}

	@Override
	void kill(Path directory) {
		end(true);
	}

	@Override
	void shutdown(Path directory) {
		end(false);
	}

	private void end(boolean forcibly) {
		Process process = this.process;
		if (process == null) {
			return;
		}
		this.process = null;
		if (forcibly) {
			process.destroyForcibly();
		}
		else {
			process.destroy();
		}
		try {
			if (!process.waitFor(60, TimeUnit.SECONDS)) {
				process.destroyForcibly().waitFor();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	String killCommand(Path directory) {
		return "kill -9 $(cat '" + directory.resolve("mariadb.pid") + "')";
	}

	@Override
	Path logFile(Path directory) {
		return directory.resolve("mariadb.err");
	}

}
