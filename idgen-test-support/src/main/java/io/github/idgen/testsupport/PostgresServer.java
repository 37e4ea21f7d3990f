package io.github.idgen.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A PostgreSQL server process (Debian's {@code postgresql} package, {@code /usr/lib/postgresql/N/bin}, the
 * newest version there; elsewhere {@code initdb} and {@code pg_ctl} from the PATH).
 * PostgreSQL refuses to run as root, so as root every command runs as the {@code postgres} user
 * through {@code runuser}. A crash is {@code pg_ctl stop -m immediate}: the server quits without a
 * checkpoint and replays its write-ahead log on the next start.
 */
public final class PostgresServer extends DatabaseServer {

	private static final Path POSTGRESQL_LIB = Path.of("/usr/lib/postgresql");

	private static PostgresServer shared;

	private final Path bin;

	/** A server for one test class (register it in a static {@code @RegisterExtension} field). */
	public PostgresServer() {
		this(false);
	}

	private PostgresServer(boolean shared) {
		super("postgres", shared);
		this.bin = findBin();
	}

	/**
	 * Returns the server that all test classes of this JVM share, started on first use.
	 * @return the shared server
	 */
	public static synchronized PostgresServer shared() {
		if (shared == null) {
			shared = new PostgresServer(true);
		}
		shared.start();
		return shared;
	}

	private static Path findBin() {
		if (Files.isDirectory(POSTGRESQL_LIB)) {
			try (Stream<Path> versions = Files.list(POSTGRESQL_LIB)) {
				Path newest = versions.map((version) -> version.resolve("bin"))
					.filter((bin) -> Files.isExecutable(bin.resolve("initdb")) && Files.isExecutable(bin.resolve("pg_ctl")))
					.max(Comparator.comparing((Path bin) -> bin.getParent().getFileName().toString(),
							Comparator.comparingInt(String::length).thenComparing(Comparator.naturalOrder())))
					.orElse(null);
				if (newest != null) {
					return newest;
				}
			}
			catch (IOException ex) {
				// not readable: try the PATH
			}
		}
		// not Debian's layout: initdb and pg_ctl side by side on the PATH
		Path initdb = program("initdb", null);
		if (initdb != null && initdb.getParent() != null && Files.isExecutable(initdb.resolveSibling("pg_ctl"))) {
			return initdb.getParent();
		}
		throw missing();
	}

	private static IllegalStateException missing() {
		return new IllegalStateException("PostgreSQL server binaries (" + POSTGRESQL_LIB + "/*/bin/initdb, pg_ctl) are missing; "
				+ INSTALL_HINT);
	}

	@Override
	public String jdbcUrl(int port) {
		// through a TcpProxy, every statement (COMMIT too) goes over the wire as text, never by the
		// name of a server-side prepared statement, so the proxy's traps can see it
		String options = (port != port()) ? "?prepareThreshold=0" : "";
		return "jdbc:postgresql://127.0.0.1:" + port + "/postgres" + options;
	}

	@Override
	public String username() {
		return "postgres";
	}

	@Override
	void initialize(Path directory) throws IOException {
		if (isRoot()) {
			run(command("chown", "postgres", directory.toString()));
		}
		run(asServerUser(this.bin.resolve("initdb").toString(), "-D", data(directory), "-A", "trust", "-U", "postgres",
				"-E", "UTF8", "--no-sync"));
	}

	@Override
	void launch(Path directory, int port) throws IOException {
		// fsync=off: a crash here is a killed process, never a lost page cache, so no commit is lost
		String options = "-p " + port + " -k " + directory + " -c listen_addresses=127.0.0.1 -c fsync=off"
				+ " -c max_connections=200";
		run(asServerUser(pgCtl(), "-D", data(directory), "-l", logFile(directory).toString(), "-w", "-t", "60", "-o",
				options, "start"));
	}

	@Override
	void kill(Path directory) {
		runQuietly(asServerUser(pgCtl(), "-D", data(directory), "-m", "immediate", "-w", "stop"));
	}

	@Override
	void shutdown(Path directory) {
		runQuietly(asServerUser(pgCtl(), "-D", data(directory), "-m", "fast", "-w", "stop"));
	}

	@Override
	String killCommand(Path directory) {
		return String.join(" ", asServerUser(pgCtl(), "-D", data(directory), "-m", "immediate", "-w", "stop"));
	}

	@Override
	Path logFile(Path directory) {
		return directory.resolve("postgres.log");
	}

	private String pgCtl() {
		return this.bin.resolve("pg_ctl").toString();
	}

	private static String data(Path directory) {
		return directory.resolve("data").toString();
	}

	private static List<String> asServerUser(String... command) {
		List<String> full = command(command);
		if (isRoot()) {
			full.addAll(0, List.of("runuser", "-u", "postgres", "--"));
		}
		return full;
	}

}
