package io.github.idgen.jdbc;

import java.io.IOException;
import java.time.Duration;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.IssuingLoop;
import io.github.idgen.testsupport.LeaseHolderChild;

/**
 * A separate JVM that leases a worker id from a database and runs the {@link IssuingLoop}. Started by
 * the process tests through a {@link LeaseHolderChild}, which kills or freezes it. Arguments: JDBC
 * URL, user, password (may be empty), lease group, run time in seconds, high-water mark interval in
 * milliseconds.
 */
public final class JdbcLeaseHolderProcess {

	private JdbcLeaseHolderProcess() {
	}

	public static void main(String[] args) throws Exception {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(args[0]);
		config.setUsername(args[1]);
		config.setPassword(args[2]);
		config.setMaximumPoolSize(2);
		config.setConnectionTimeout(1000);
		Duration markInterval = Duration.ofMillis(Long.parseLong(args[5]));
		try (HikariDataSource dataSource = new HikariDataSource(config);
				JdbcLeaseDeployment deployment = JdbcLeaseDeployment.builder(dataSource)
					.leaseGroup(args[3])
					.leaseTimeout(JdbcLeaseTestSupport.LEASE_TIMEOUT)
					.markInterval(markInterval)
					.markMaxWait(markInterval.multipliedBy(3))
					.schemaInitialization(LeaseSchemaInitialization.ALWAYS)
					.build()) {
			deployment.start();
			IssuingLoop.run(deployment, Duration.ofSeconds(Long.parseLong(args[4])), System.out);
		}
	}

	/**
	 * Starts this process on a database and waits until it has leased.
	 * @param server the database
	 * @param group the lease group
	 * @param runSeconds how long it issues
	 * @param markInterval its high-water mark interval
	 * @return the child
	 * @throws IOException if the JVM cannot be started
	 */
	static LeaseHolderChild start(DatabaseServer server, String group, int runSeconds, Duration markInterval)
			throws IOException {
		return new LeaseHolderChild(JdbcLeaseHolderProcess.class, server.jdbcUrl(), server.username(),
				server.password(), group, Integer.toString(runSeconds), Long.toString(markInterval.toMillis()));
	}

}
