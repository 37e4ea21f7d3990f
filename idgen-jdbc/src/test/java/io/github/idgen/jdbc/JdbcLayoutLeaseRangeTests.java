package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The lease range follows the layout, on database servers: a layout of 2 datacenter and 3 worker bits
 * has rows for exactly its 8 worker ids of the datacenter, or its 32 node ids.
 */
class JdbcLayoutLeaseRangeTests {

	private static final SnowflakeLayout SMALL = SnowflakeLayout.builder().datacenterBits(2).workerBits(3).build();

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void theWorkerIdRangeHasRowsForTheLayoutsWorkerIdsOfTheDatacenterOnly(DatabaseServer server) throws Exception {
		try (HikariDataSource pool = server.pool(8); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			List<Integer> nodeIds = new ArrayList<>();
			for (int i = 0; i < 8; i++) {
				JdbcLeaseDeployment deployment = support
					.start(support.builder().layout(SMALL).leaseRange(LeaseRange.WORKER_ID, 2).build());
				deployment.getWorkerId();
				nodeIds.add(deployment.currentLease().getNodeId());
			}
			assertThat(nodeIds).containsExactlyInAnyOrderElementsOf(range(16, 23));
			assertThat(rows(pool, support.group())).containsExactlyElementsOf(range(16, 23));

			JdbcLeaseDeployment ninth = support
				.start(support.builder().layout(SMALL).leaseRange(LeaseRange.WORKER_ID, 2).build());
			assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(ninth::getWorkerId)
				.withMessageContaining("all 8 leases 16..23");
		}
	}

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void theNodeIdRangeHasRowsForEveryNodeIdOfTheLayout(DatabaseServer server) throws Exception {
		try (HikariDataSource pool = server.pool(8); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			JdbcLeaseDeployment deployment = support
				.start(support.builder().layout(SMALL).leaseRange(LeaseRange.NODE_ID, 0).build());
			assertThat(deployment.getNodeIdRange().toString()).isEqualTo("0..31");
			assertThat(rows(pool, support.group())).containsExactlyElementsOf(range(0, 31));
			deployment.getWorkerId();
			assertThat(deployment.currentLease().getNodeId()).isBetween(0, 31);
		}
	}

	private static List<Integer> rows(HikariDataSource pool, String group) throws SQLException {
		try (Connection connection = pool.getConnection();
				PreparedStatement select = connection.prepareStatement(
						"SELECT node_id FROM idgen_worker_lease WHERE lease_group = ? ORDER BY node_id")) {
			select.setString(1, group);
			List<Integer> nodeIds = new ArrayList<>();
			try (ResultSet rows = select.executeQuery()) {
				while (rows.next()) {
					nodeIds.add(rows.getInt(1));
				}
			}
			return nodeIds;
		}
	}

	private static List<Integer> range(int first, int last) {
		return IntStream.rangeClosed(first, last).boxed().toList();
	}

}
