package io.github.idgen.jdbc;

import java.time.Duration;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.DatabaseServerAssertions;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A give-back whose reply is lost on its way back from a database server: the row is free, the
 * instance does not know it and retries the give-back with its renewals. When the instance leases the
 * same row again meanwhile, the retry must not free it under the new lease.
 */
class JdbcGiveBackReplyLostTests {

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void aRetriedGiveBackDoesNotFreeTheRowLeasedAgain(DatabaseServer server) throws Exception {
		try (TcpProxy network = new TcpProxy(server.port());
				HikariDataSource pool = Databases.poolThrough(server, network);
				JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			// named, so that it prefers the row it held before
			JdbcLeaseDeployment deployment = support.start(support.builder().instanceName("give-back").build());
			int workerId = deployment.getWorkerId();
			network.dropReplyAfterClientSends("holder = NULL");

			assertThat(deployment.updateWorkerId(true)).as("leased the same row again").isEqualTo(workerId);

			assertThat(network.isTrapArmed()).as("the give-back's reply was lost").isFalse();
			WorkerIdLease lease = deployment.currentLease();
			String holder = "SELECT count(*) FROM idgen_worker_lease WHERE lease_group = '" + support.group()
					+ "' AND node_id = " + lease.getNodeId() + " AND holder = '" + lease.getHolder().token() + "'";
			// the give-back is retried with every renewal (a third of the lease timeout)
			await().during(JdbcLeaseTestSupport.LEASE_TIMEOUT.multipliedBy(2).dividedBy(3).plusMillis(500))
				.atMost(Duration.ofSeconds(5))
				.until(() -> DatabaseServerAssertions.singleLong(server, holder) == 1);
			assertThat(deployment.getLeasesLost()).isZero();
			assertThat(deployment.currentLease()).isSameAs(lease);
			assertThat(lease.getState()).isEqualTo(WorkerIdLease.State.ACTIVE);
		}
	}

}
