package io.github.idgen.benchmarks;

import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.redis.RedisConnector;
import io.github.idgen.redis.RedisLeaseDeployment;

/**
 * Redis leases, many at once, on a real server: {@value LeasersFigures#LEASERS} instances leasing
 * records of one lease group on the 10-bit range, first on a group Redis has no records of (every id
 * waits one lease timeout: a missing record is never free), then again once the first fleet gave its ids
 * back (freed by this server: claimed at once), and on the 5-bit range (32 win; the rest watch the held
 * records for one lease timeout and fail). Then one holder's requests while it only holds its id. Every
 * command the server runs is counted ({@code INFO commandstats}): a figure the machine's load does not
 * skew.
 * <p>
 * Each deployment opens its own connection, as an instance does; they share one {@link RedisConnector}
 * (its client's event loops), as 1024 JVMs would not, so that this JVM can hold them.
 */
final class RedisLeasersFigures {

	private static final Duration STEADY = Duration.ofSeconds(20);

	private RedisLeasersFigures() {
	}

	static void print(RedisTarget target) throws Exception {
		String group = "leasers-" + System.currentTimeMillis();
		try (RedisConnector connector = target.connector()) {
			leasers(target, connector, group, LeaseRange.NODE_ID, true, "a group Redis has no records of");
			leasers(target, connector, group, LeaseRange.NODE_ID, false, "the same group after the first fleet gave"
					+ " its ids back");
			leasers(target, connector, group, LeaseRange.WORKER_ID, true, "the same group, ids given back");
			steadyState(target, connector);
		}
	}

	private static void leasers(RedisTarget target, RedisConnector connector, String group, LeaseRange range,
			boolean connectedFirst, String records) throws Exception {
		int leasers = LeasersFigures.LEASERS;
		RedisTarget.CommandCounter commands = target.countCommands();
		Stampede stampede = Stampede.run(leasers, connectedFirst, (leaser) -> {
			RedisLeaseDeployment deployment = RedisLeaseDeployment.builder(connector)
				.leaseGroup(group)
				.leaseRange(range, 0)
				.build();
			return Stampede.Leaser.of(deployment, deployment::start);
		});
		Map<String, Long> leasingCommands = commands.counts();

		Set<Integer> nodeIds = new HashSet<>();
		Set<String> tokens = new HashSet<>();
		int recordsMatch = 0;
		for (WorkerIdLease lease : stampede.leases) {
			if (lease != null) {
				nodeIds.add(lease.getNodeId());
				tokens.add(lease.getHolder().token());
				if (lease.getHolder().token().equals(target.hget("idgen:lease:" + group + ":" + lease.getNodeId(), "holder"))) {
					recordsMatch++;
				}
			}
		}
		int holders = stampede.holders();
		int expectedHolders = stampede.expectedHolders(range);
		boolean allDistinct = nodeIds.size() == holders && tokens.size() == holders && recordsMatch == holders
				&& holders == expectedHolders;

		stampede.printHeader("Redis, " + records + ": ", range, "start", "clients | " + leasers
				+ " `RedisLeaseDeployment`s (lease timeout " + RedisLeaseDeployment.DEFAULT_LEASE_TIMEOUT.toSeconds()
				+ " s), each on a connection of its own; " + target.describe()
				+ "; start() checks the server and creates missing records");
		stampede.printRows(holders + " (expected " + expectedHolders + "); distinct node ids " + nodeIds.size()
				+ ", distinct holder tokens " + tokens.size() + "; records naming their leaser's token " + recordsMatch
				+ " → " + (allDistinct ? "**all distinct**" : "**CHECK FAILED**"),
				(range == LeaseRange.WORKER_ID) ? leasers - 32 : -1);
		System.out.println("| commands the server ran until all were done, per leaser | " + perLeaser(leasingCommands,
				leasers) + " |");
		commands.reset();
		stampede.closeAll();
		System.out.println("Commands of closing them all: " + describe(commands.counts()) + ".");
		System.out.println();
	}

	/** What one holder sends while it holds its lease and issues nothing: renewals and mark writes. */
	private static void steadyState(RedisTarget target, RedisConnector connector) throws Exception {
		try (RedisLeaseDeployment deployment = RedisLeaseDeployment.builder(connector)
			.leaseGroup("steady-" + System.currentTimeMillis())
			.build()) {
			deployment.start();
			deployment.getWorkerId();
			RedisTarget.CommandCounter commands = target.countCommands();
			long start = System.nanoTime();
			Thread.sleep(STEADY.toMillis());
			Map<String, Long> counts = commands.counts();
			double seconds = (System.nanoTime() - start) / 1e9;
			long requests = counts.getOrDefault("evalsha", 0L) + counts.getOrDefault("eval", 0L);
			System.out.println("### Redis: one holder, " + STEADY.toSeconds() + " s of holding (lease timeout "
					+ RedisLeaseDeployment.DEFAULT_LEASE_TIMEOUT.toSeconds() + " s, mark interval 1 s)");
			System.out.println();
			System.out.println(String.format(Locale.ROOT, "%.2f", requests / seconds)
					+ " requests per second, each one script (with its WAIT in the same round trip when replicas are"
					+ " expected); commands: " + describe(counts) + ".");
			System.out.println();
		}
	}

	private static String perLeaser(Map<String, Long> counts, int leasers) {
		return counts.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + " " + String.format(Locale.ROOT, "%.1f", entry.getValue() / (double) leasers))
			.collect(Collectors.joining(", "));
	}

	private static String describe(Map<String, Long> counts) {
		return counts.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + " " + entry.getValue())
			.collect(Collectors.joining(", "));
	}

}
