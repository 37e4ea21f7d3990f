package io.github.idgen.jdbc;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.snowflake.IdServiceTwitter;

/**
 * A separate JVM that leases a worker id from a database and issues ids, printing {@code LEASED n},
 * then {@code ID n} per id and {@code REFUSED} per refused call, until its run time is up. Started by
 * the process tests, which kill or freeze it. Arguments: JDBC URL, user, password (may be empty), lease
 * group, run time in seconds, high-water mark interval in milliseconds.
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
		long runNanos = TimeUnit.SECONDS.toNanos(Long.parseLong(args[4]));
		Duration markInterval = Duration.ofMillis(Long.parseLong(args[5]));
		PrintStream out = System.out;
		try (HikariDataSource dataSource = new HikariDataSource(config);
				JdbcLeaseDeployment deployment = JdbcLeaseDeployment.builder(dataSource)
					.leaseGroup(args[3])
					.leaseTimeout(JdbcLeaseTestSupport.LEASE_TIMEOUT)
					.markInterval(markInterval)
					.markMaxWait(markInterval.multipliedBy(3))
					.schemaInitialization(LeaseSchemaInitialization.ALWAYS)
					.build()) {
			deployment.start();
			IdServiceProxy proxy = new IdServiceProxy(deployment, Duration.ZERO, IdServiceTwitter::builder);
			out.println("LEASED " + deployment.getWorkerId());
			out.flush();
			long end = System.nanoTime() + runNanos;
			while (System.nanoTime() - end < 0) {
				try {
					out.println("ID " + proxy.nextId());
				}
				catch (WorkerIdLeaseUnavailableException ex) {
					out.println("REFUSED");
				}
				out.flush();
				LockSupport.parkNanos(200_000);
			}
			proxy.close();
		}
	}

}
