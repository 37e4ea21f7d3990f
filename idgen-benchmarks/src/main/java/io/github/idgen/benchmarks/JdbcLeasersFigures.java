package io.github.idgen.benchmarks;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.JdbcLeaseDeployment;
import io.github.idgen.jdbc.LeaseSchemaInitialization;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdLease;

/**
 * JDBC leases, many at once, on a real database: {@value LeasersFigures#LEASERS} instances leasing rows
 * of one lease group on the 10-bit range (starting and leasing at once, or all started first) and on
 * the 5-bit range (32 win; the rest watch the held rows for one lease timeout and fail). Every
 * statement and setting the leasers send is counted under the pool, and the server's count of
 * transactions is read before and after.
 * <p>
 * The leasers share one pool of {@value #POOL} connections: a lease is owned by the holder's token,
 * not by a connection, so sharing changes no outcome, and 1024 pools would need a server with over
 * 1024 connections (each a PostgreSQL process) on this machine's two cores.
 */
final class JdbcLeasersFigures {

	static final int POOL = 32;

	private static final Duration STEADY = Duration.ofSeconds(20);

	private JdbcLeasersFigures() {
	}

	static void print(JdbcTarget target) throws Exception {
		leasers(target, LeaseRange.NODE_ID, false);
		leasers(target, LeaseRange.NODE_ID, true);
		leasers(target, LeaseRange.WORKER_ID, true);
		steadyState(target);
	}

	/** What one holder sends while it holds its lease and issues nothing: renewals and mark writes. */
	private static void steadyState(JdbcTarget target) throws Exception {
		CountingDataSource counting = new CountingDataSource(target);
		try (HikariDataSource pool = target.pool(2, counting.dataSource());
				JdbcLeaseDeployment deployment = JdbcLeaseDeployment.builder(pool)
					.leaseGroup("steady-" + System.currentTimeMillis())
					.schemaInitialization(LeaseSchemaInitialization.ALWAYS)
					.build()) {
			deployment.start();
			deployment.getWorkerId();
			counting.reset();
			long start = System.nanoTime();
			Thread.sleep(STEADY.toMillis());
			Map<String, Long> calls = counting.counts();
			double seconds = (System.nanoTime() - start) / 1e9;
			System.out.println("### JDBC: one holder, " + STEADY.toSeconds() + " s of holding (lease timeout "
					+ JdbcLeaseDeployment.DEFAULT_LEASE_TIMEOUT.toSeconds() + " s, mark interval 1 s)");
			System.out.println();
			System.out.println(String.format(Locale.ROOT, "%.1f", calls.getOrDefault("Connection.getTransactionIsolation", 0L)
					/ seconds) + " lease requests per second (each reads the isolation once); JDBC calls: " + describe(calls) + ".");
			System.out.println();
		}
	}

	private static void leasers(JdbcTarget target, LeaseRange range, boolean connectedFirst) throws Exception {
		int leasers = LeasersFigures.LEASERS;
		String group = "leasers-" + range.name().toLowerCase(Locale.ROOT) + (connectedFirst ? "-started" : "-cold") + "-"
				+ System.currentTimeMillis();
		CountingDataSource counting = new CountingDataSource(target);
		long transactionsBefore = serverTransactions(target);
		Stampede stampede;
		Map<Integer, String> heldRows;
		try (HikariDataSource pool = target.pool(POOL, counting.dataSource())) {
			stampede = Stampede.run(leasers, connectedFirst, (leaser) -> {
				JdbcLeaseDeployment deployment = JdbcLeaseDeployment.builder(pool)
					.leaseGroup(group)
					.leaseRange(range, 0)
					.schemaInitialization(LeaseSchemaInitialization.ALWAYS)
					.build();
				return Stampede.Leaser.of(deployment, deployment::start);
			});
			Map<String, Long> leasingCalls = counting.counts();
			heldRows = heldRows(pool, group);

			Set<Integer> nodeIds = new HashSet<>();
			Set<String> tokens = new HashSet<>();
			boolean rowsMatch = true;
			for (WorkerIdLease lease : stampede.leases) {
				if (lease != null) {
					nodeIds.add(lease.getNodeId());
					tokens.add(lease.getHolder().token());
					rowsMatch &= lease.getHolder().token().equals(heldRows.get(lease.getNodeId()));
				}
			}
			int holders = stampede.holders();
			int expectedHolders = stampede.expectedHolders(range);
			boolean distinct = nodeIds.size() == holders && tokens.size() == holders;

			stampede.printHeader("JDBC: ", range, "start", "clients | " + leasers
					+ " `JdbcLeaseDeployment`s (lease timeout " + JdbcLeaseDeployment.DEFAULT_LEASE_TIMEOUT.toSeconds()
					+ " s), one Hikari pool of " + POOL
					+ " connections; start() creates the table if missing and the group's rows");
			stampede.printRows(holders + " (expected " + expectedHolders + "); distinct node ids " + nodeIds.size()
					+ ", distinct holder tokens " + tokens.size() + "; rows held in the table " + heldRows.size()
					+ ", each naming its leaser's token: " + rowsMatch + " → " + (distinct && rowsMatch
							&& holders == expectedHolders && heldRows.size() == holders ? "**all distinct**"
									: "**CHECK FAILED**"),
					(range == LeaseRange.WORKER_ID) ? leasers - 32 : -1);
			System.out.println("| JDBC calls until all were done (counted under the pool) | " + describe(leasingCalls)
					+ " |");
			counting.reset();
			stampede.closeAll();
			System.out.println("JDBC calls of closing them all: " + describe(counting.counts()) + ".");
		}
		// the server counts transactions per database; an idle backend reports them when it ends
		long transactions = serverTransactions(target) - transactionsBefore;
		System.out.println();
		System.out.println("Transactions the server counted (pg_stat_database, from before the start to after the"
				+ " pool closed; every auto-commit statement is one): " + transactions + ".");
		System.out.println();
	}

	private static Map<Integer, String> heldRows(HikariDataSource pool, String group) throws SQLException {
		Map<Integer, String> rows = new HashMap<>();
		try (Connection connection = pool.getConnection();
				PreparedStatement select = connection.prepareStatement(
						"SELECT node_id, holder FROM idgen_worker_lease WHERE lease_group = ? AND holder IS NOT NULL")) {
			select.setString(1, group);
			try (ResultSet result = select.executeQuery()) {
				while (result.next()) {
					rows.put(result.getInt(1), result.getString(2));
				}
			}
		}
		return rows;
	}

	/** Committed and rolled back transactions of the database, as the server counts them. */
	static long serverTransactions(JdbcTarget target) throws Exception {
		// the statistics of a backend that ended reach the counters within moments
		Thread.sleep(1500);
		try (Connection connection = java.sql.DriverManager.getConnection(target.url(), target.user(), target.password());
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT xact_commit + xact_rollback FROM pg_stat_database"
						+ " WHERE datname = current_database()")) {
			result.next();
			return result.getLong(1);
		}
	}

	private static String describe(Map<String, Long> counts) {
		long statements = counts.entrySet()
			.stream()
			.filter((entry) -> entry.getKey().startsWith("Statement."))
			.mapToLong(Map.Entry::getValue)
			.sum();
		return "statements executed " + statements + "; by call: " + counts.entrySet()
			.stream()
			.map((entry) -> entry.getKey() + " " + entry.getValue())
			.collect(Collectors.joining(", "));
	}

}
