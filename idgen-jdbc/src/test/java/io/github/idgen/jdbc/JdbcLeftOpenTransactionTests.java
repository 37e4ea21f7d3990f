package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.DatabaseServerAssertions;
import io.github.idgen.testsupport.ServerSessions;
import io.github.idgen.testsupport.CapturedOutput;
import io.github.idgen.testsupport.OutputCaptureExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The lease on a pool whose only connection other code left inside a transaction: it ran SQL
 * {@code BEGIN} (or {@code START TRANSACTION}) and gave the connection back without a commit. Both
 * drivers still report auto-commit, and HikariCP does not roll back on return. Written inside that
 * transaction, the claim would be "1 row updated" and never committed: when the connection died, the
 * server would roll it back and free the row for a second instance, with the old mark, while the first
 * one still issued with it.
 */
class JdbcLeftOpenTransactionTests {

	@Test
	void onH2TheTransactionLeftOpenIsRolledBackAndTheLeaseCommitted() throws Exception {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl("jdbc:h2:mem:left-open;DB_CLOSE_DELAY=-1");
		config.setMaximumPoolSize(1);
		try (HikariDataSource single = new HikariDataSource(config);
				JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(single)) {
			JdbcLeaseDeployment deployment = support.startDeployment();
			try (Connection connection = single.getConnection(); Statement statement = connection.createStatement()) {
				statement.execute("CREATE TABLE left_open (note VARCHAR(64))");
				statement.execute("BEGIN");
				statement.executeUpdate("INSERT INTO left_open VALUES ('left open')");
			}

			deployment.getWorkerId();

			try (Connection other = DriverManager.getConnection("jdbc:h2:mem:left-open");
					Statement statement = other.createStatement()) {
				assertThat(count(statement, "SELECT count(*) FROM left_open")).isZero();
				assertThat(count(statement, "SELECT count(*) FROM idgen_worker_lease WHERE holder = '"
						+ deployment.getHolder().token() + "'"))
					.isEqualTo(1);
			}
		}
	}

	private static long count(Statement statement, String sql) throws SQLException {
		try (ResultSet row = statement.executeQuery(sql)) {
			row.next();
			return row.getLong(1);
		}
	}

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	@ExtendWith(OutputCaptureExtension.class)
	void aLeaseOnAConnectionLeftInsideATransactionIsCommittedAndOutlivesTheConnection(DatabaseServer server,
			CapturedOutput output) throws Exception {
		try (HikariDataSource others = server.pool(4); HikariDataSource single = server.pool(1);
				JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(others)) {
			for (int i = 0; i < 31; i++) {
				support.startDeployment().getWorkerId();
			}
			String note = "left open by " + support.group();
			long session = ServerSessions.leaveTransactionOpen(server, single, note);

			JdbcLeaseDeployment holder = support.start(support.builder(single).build());
			holder.getWorkerId();

			WorkerIdLease lease = holder.currentLease();
			assertThat(DatabaseServerAssertions.singleLong(server, "SELECT count(*) FROM idgen_worker_lease WHERE lease_group = '"
					+ support.group() + "' AND node_id = " + lease.getNodeId() + " AND holder = '"
					+ lease.getHolder().token() + "'"))
				.as("the claim is committed: another connection sees the row held")
				.isEqualTo(1);
			assertThat(ServerSessions.isInsideTransaction(server, session)).isFalse();
			assertThat(ServerSessions.isCommitted(server, note)).as("the other code's work rolled back, not committed")
				.isFalse();
			assertThat(output).contains("inside a transaction that other code opened")
				.contains("before the worker-id lease at /idgen_worker_lease/" + support.group() + " used the connection");

			// the connection dies: the row stays the holder's, and a newcomer finds every row held
			ServerSessions.kill(server, session);
			JdbcLeaseDeployment newcomer = support.startDeployment();
			assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(newcomer::getWorkerId);
		}
	}

}
