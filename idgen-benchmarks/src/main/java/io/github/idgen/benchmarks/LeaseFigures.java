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
 * {@code --jdbc} the same figures are also taken for JDBC mode on that database. Prints a Markdown
 * report.
 * <p>
 * Run {@code java -Xss256k -cp idgen-benchmarks/target/benchmarks.jar
 * io.github.idgen.benchmarks.LeaseFigures [startup] [leasers] [window] [handover] [--jdbc URL USER [PASSWORD]]}
 * (every section when none is named). {@code -Xss256k} keeps the stacks of the ~6,000 threads of the
 * 1024 ZooKeeper leasers small. Each section is a class of its own: {@link StartupFigures},
 * {@link LeasersFigures} and {@link JdbcLeasersFigures}, {@link UnavailableWindowFigures},
 * {@link HandoverFigures}.
 */
public final class LeaseFigures {

	private static final Set<String> SECTIONS = Set.of("startup", "leasers", "window", "handover");

	private LeaseFigures() {
	}

	public static void main(String[] args) throws Exception {
		List<String> arguments = Arrays.asList(args);
		JdbcTarget jdbc = JdbcTarget.fromArgs(arguments);
		List<String> sections = arguments.stream().filter(SECTIONS::contains).toList();
		boolean all = sections.isEmpty();
		// no connection limit per host: ZooKeeper's default of 60 would refuse the 1024 leasers
		InstanceSpec spec = new InstanceSpec(null, -1, -1, -1, true, -1, -1, 0);
		try (TestingServer server = new TestingServer(spec, true)) {
			System.out.println("# idgen lease figures");
			System.out.println();
			System.out.println(Figures.machine());
			if (all || sections.contains("startup")) {
				new StartupFigures(server.getConnectString(), jdbc).print();
			}
			if (all || sections.contains("leasers")) {
				LeasersFigures.print(server.getConnectString());
				if (jdbc != null) {
					JdbcLeasersFigures.print(jdbc);
				}
			}
			if (all || sections.contains("window")) {
				UnavailableWindowFigures.print(server);
			}
			if (all || sections.contains("handover")) {
				HandoverFigures.print(server.getConnectString(), jdbc);
			}
		}
		System.exit(0);
	}

}
