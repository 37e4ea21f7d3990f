package io.github.idgen.jdbc;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.ShardedGenerator;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.LeaseHolderChild;

/**
 * A separate JVM that leases a worker id from a database and issues shard-carrying ids as fast as it
 * can: prints {@code LEASED n}, then {@code IDS shard id,id,...} per call (single ids and batches, the
 * shard going round), and {@code DONE} once its run time is up. Arguments: JDBC URL, user, password (may
 * be empty), lease group, run time in seconds.
 */
public final class ShardedLeaseHolderProcess {

	/**
	 * The layout of the ids: two worker ids only, so that a process started after one was killed has to
	 * take the killed one's worker id over; 8 sequence bits and 6 shard bits.
	 */
	static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder()
		.datacenterBits(0)
		.workerBits(1)
		.sequenceBits(8)
		.shardBits(6)
		.build();

	private ShardedLeaseHolderProcess() {
	}

	public static void main(String[] args) throws Exception {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(args[0]);
		config.setUsername(args[1]);
		config.setPassword(args[2]);
		config.setMaximumPoolSize(2);
		config.setConnectionTimeout(1000);
		PrintStream out = System.out;
		try (HikariDataSource dataSource = new HikariDataSource(config);
				JdbcLeaseDeployment deployment = JdbcLeaseDeployment.builder(dataSource)
					.leaseGroup(args[3])
					.layout(ShardedGenerator.plainLayout(LAYOUT))
					.leaseTimeout(JdbcLeaseTestSupport.LEASE_TIMEOUT)
					.markInterval(JdbcLeaseTestSupport.MARK_INTERVAL)
					.schemaInitialization(LeaseSchemaInitialization.ALWAYS)
					.build()) {
			deployment.start();
			try (IdServiceProxy plain = new IdServiceProxy(deployment, Duration.ofSeconds(10), IdServiceTwitter::builder)) {
				ShardedGenerator generator = new ShardedGenerator("orders", plain, LAYOUT);
				out.println("LEASED " + deployment.getWorkerId());
				long end = System.nanoTime() + Duration.ofSeconds(Long.parseLong(args[4])).toNanos();
				for (int call = 0; System.nanoTime() - end < 0; call++) {
					int shard = call % 64;
					List<Long> ids = (call % 2 == 0) ? List.of(generator.nextId(shard))
							: List.copyOf(generator.nextIds(shard, 50));
					out.println("IDS " + shard + " " + ids.stream().map(String::valueOf).collect(Collectors.joining(",")));
				}
				out.println("DONE");
				out.flush();
			}
		}
	}

	/**
	 * Starts this process on a database and waits until it has leased.
	 * @param server the database
	 * @param group the lease group
	 * @param runSeconds how long it issues
	 * @return the child
	 * @throws IOException if the JVM cannot be started
	 */
	static LeaseHolderChild start(DatabaseServer server, String group, int runSeconds) throws IOException {
		return new LeaseHolderChild(ShardedLeaseHolderProcess.class, server.jdbcUrl(), server.username(),
				server.password(), group, Integer.toString(runSeconds));
	}

}
