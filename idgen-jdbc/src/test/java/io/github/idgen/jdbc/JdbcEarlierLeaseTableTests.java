package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.DatabaseServerAssertions;
import io.github.idgen.testsupport.MariaDbServer;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import io.github.idgen.testsupport.CapturedOutput;
import io.github.idgen.testsupport.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A lease table made by an earlier version, without {@code mark_ahead_millis}: leases keep working on
 * it, with a warning that names the statement that adds the column, and idgen adds the column itself
 * where it may create the table.
 */
@ExtendWith(OutputCaptureExtension.class)
class JdbcEarlierLeaseTableTests {

	private static final AtomicInteger tables = new AtomicInteger();

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void leasesKeepWorkingOnItAndTheWarningNamesTheStatementThatAddsTheColumn(DatabaseServer server,
			CapturedOutput output) throws Exception {
		String table = earlierTable(server);
		String addColumn = "ALTER TABLE " + table + " ADD COLUMN mark_ahead_millis BIGINT NOT NULL DEFAULT 0";
		try (HikariDataSource pool = server.pool(4); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			JdbcLeaseDeployment deployment = support
				.start(support.builder().table(table).schemaInitialization(LeaseSchemaInitialization.NEVER).build());
			deployment.getWorkerId();
			WorkerIdLease lease = deployment.currentLease();
			long mark = lease.getMarkMillis();
			await().atMost(Duration.ofSeconds(3)).until(() -> markOf(server, table, support, lease) > mark);
			assertThat(output).contains("has no column mark_ahead_millis").contains("Add it: " + addColumn);

			server.execute(addColumn);
			JdbcLeaseDeployment next = support
				.start(support.builder().table(table).schemaInitialization(LeaseSchemaInitialization.NEVER).build());
			next.getWorkerId();
			assertThat(aheadOf(server, table, support, next.currentLease())).isPositive();
			assertThat(output.toString().split("has no column mark_ahead_millis", -1)).as("warned once").hasSize(2);
		}
	}

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void idgenAddsTheColumnWhereItMayCreateTheTable(DatabaseServer server, CapturedOutput output) throws Exception {
		String table = earlierTable(server);
		try (HikariDataSource pool = server.pool(4); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			JdbcLeaseDeployment deployment = support
				.start(support.builder().table(table).schemaInitialization(LeaseSchemaInitialization.ALWAYS).build());
			deployment.getWorkerId();

			assertThat(aheadOf(server, table, support, deployment.currentLease())).isPositive();
			assertThat(output).doesNotContain("has no column mark_ahead_millis");
		}
	}

	/** Creates a lease table as the scripts of the earlier version did. */
	private static String earlierTable(DatabaseServer server) {
		String table = "idgen_lease_earlier_" + tables.incrementAndGet();
		boolean mariaDb = server instanceof MariaDbServer;
		server.execute("CREATE TABLE " + table + " (lease_group VARCHAR(128) NOT NULL, node_id INTEGER NOT NULL,"
				+ " holder VARCHAR(128), instance_name VARCHAR(128), version BIGINT NOT NULL DEFAULT 0,"
				+ " mark_millis BIGINT NOT NULL DEFAULT 0, update_time " + (mariaDb ? "TIMESTAMP(3) NULL" : "TIMESTAMP")
				+ ", PRIMARY KEY (lease_group, node_id))" + (mariaDb ? " ENGINE=InnoDB" : ""));
		return table;
	}

	private static long markOf(DatabaseServer server, String table, JdbcLeaseTestSupport support, WorkerIdLease lease)
			throws Exception {
		return DatabaseServerAssertions.singleLong(server, "SELECT mark_millis FROM " + table + where(support, lease));
	}

	private static long aheadOf(DatabaseServer server, String table, JdbcLeaseTestSupport support, WorkerIdLease lease)
			throws Exception {
		return DatabaseServerAssertions.singleLong(server,
				"SELECT mark_ahead_millis FROM " + table + where(support, lease));
	}

	private static String where(JdbcLeaseTestSupport support, WorkerIdLease lease) {
		return " WHERE lease_group = '" + support.group() + "' AND node_id = " + lease.getNodeId();
	}

}
