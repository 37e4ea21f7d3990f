package io.github.idgen.benchmarks;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;

/**
 * The lease figures: start-up to the first id, many instances leasing at once, how long ids stop
 * after a session expiry or a server restart, and how long a dead or stopped holder's id takes to
 * reach a successor. ZooKeeper runs in-process ({@link TestingServer}, the real server code); with
 * {@code --jdbc} the same figures are also taken for JDBC mode on that database, with {@code --redis}
 * for Redis mode on that primary, and {@code --no-zookeeper} leaves ZooKeeper's out. Prints a
 * Markdown report.
 * <p>
 * Run {@code java -Xss256k -cp idgen-benchmarks/target/benchmarks.jar
 * io.github.idgen.benchmarks.LeaseFigures [startup] [leasers] [window] [handover] [--jdbc URL USER [PASSWORD]]
 * [--redis HOST:PORT [REPLICAS]] [--no-zookeeper]}
 * (every section when none is named). {@code -Xss256k} keeps the stacks of the ~6,000 threads of the
 * 1024 ZooKeeper leasers small. Each section is a class of its own: {@link StartupFigures},
 * {@link LeasersFigures}, {@link JdbcLeasersFigures} and {@link RedisLeasersFigures},
 * {@link UnavailableWindowFigures},
 * {@link HandoverFigures}.
 */
public final class LeaseFigures {

	private static final Set<String> SECTIONS = Set.of("startup", "leasers", "window", "handover");

	private LeaseFigures() {
	}

	public static void main(String[] args) throws Exception {
		List<String> arguments = Arrays.asList(args);
		JdbcTarget jdbc = JdbcTarget.fromArgs(arguments);
		RedisTarget redis = RedisTarget.fromArgs(arguments);
		boolean zookeeper = !arguments.contains("--no-zookeeper");
		List<String> sections = arguments.stream().filter(SECTIONS::contains).toList();
		boolean all = sections.isEmpty();
		// no connection limit per host: ZooKeeper's default of 60 would refuse the 1024 leasers
		InstanceSpec spec = new InstanceSpec(null, -1, -1, -1, true, -1, -1, 0);
		try (TestingServer server = new TestingServer(spec, true)) {
			System.out.println("# idgen lease figures");
			System.out.println();
			System.out.println(Figures.machine());
			String connectString = zookeeper ? server.getConnectString() : null;
			if (all || sections.contains("startup")) {
				new StartupFigures(connectString, jdbc, redis).print();
			}
			if (all || sections.contains("leasers")) {
				if (zookeeper) {
					LeasersFigures.print(connectString);
				}
				if (jdbc != null) {
					JdbcLeasersFigures.print(jdbc);
				}
				if (redis != null) {
					RedisLeasersFigures.print(redis);
				}
			}
			if (zookeeper && (all || sections.contains("window"))) {
				UnavailableWindowFigures.print(server);
			}
			if (all || sections.contains("handover")) {
				HandoverFigures.print(connectString, jdbc, redis);
			}
		}
		System.exit(0);
	}

}
