package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.AtOnce;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Scenario 1 on database servers: leasers started at once get distinct ids, and one more than the
 * range holds fails as exhausted once it has watched the held rows for a lease timeout; on PostgreSQL
 * also for the 1024 node ids of the JavaScript-safe layout.
 */
class JdbcWorkerIdExhaustionTests {

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void thirtyTwoLeasersStartedAtOnceGetDistinctIdsAndTheThirtyThirdFailsAsExhausted(DatabaseServer server)
			throws Exception {
		try (HikariDataSource pool = server.pool(8); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			List<JdbcLeaseDeployment> deployments = new ArrayList<>();
			for (int i = 0; i < 32; i++) {
				deployments.add(support.startDeployment());
			}
			assertThat(leaseAtOnce(deployments)).hasSize(32).allMatch((id) -> id >= 0 && id <= 31);

			JdbcLeaseDeployment thirtyThird = support.startDeployment();
			long start = System.nanoTime();
			assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(thirtyThird::getWorkerId)
				.withMessageContaining("Worker ids are exhausted")
				.withMessageContaining("/idgen_worker_lease/" + support.group())
				.withMessageContaining("0..31")
				.satisfies((ex) -> assertThat(ex.getHolders()).isEqualTo(32));
			assertThat(Duration.ofNanos(System.nanoTime() - start))
				.as("watched the live holders' rows for a lease timeout before giving up")
				.isGreaterThanOrEqualTo(JdbcLeaseTestSupport.LEASE_TIMEOUT);

			// one given back is free at once
			deployments.get(7).close();
			assertThat(thirtyThird.updateWorkerId(false)).isEqualTo(deployments.get(7).currentLease().getWorkerId());
		}
	}

	@Test
	void everyNodeIdOfTheJavascriptSafeLayoutIsLeasedOnceOnPostgresAndThe1025thInstanceIsRefused() throws Exception {
		try (HikariDataSource pool = PostgresServer.shared().pool(16);
				JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			// a thousand leases taken at once over 16 connections wait their turn: the pool's one-second
			// timeout, there to show a crashed server, ran out on a busy machine with no server down
			pool.setConnectionTimeout(Duration.ofSeconds(60).toMillis());
			List<JdbcLeaseDeployment> deployments = new ArrayList<>();
			for (int i = 0; i <= 1024; i++) {
				// slow renewals and marks: a thousand keepers on a two-core machine
				deployments.add(support.start(support.builder()
					.layout(SnowflakeLayout.JAVASCRIPT_SAFE)
					.leaseRange(LeaseRange.NODE_ID, 0)
					.leaseTimeout(Duration.ofSeconds(6))
					.markInterval(Duration.ofSeconds(5))
					.markMaxWait(Duration.ofSeconds(30))
					.build()));
			}
			JdbcLeaseDeployment extra = deployments.remove(1024);
			List<Long> ids = AtOnce.run(deployments, (deployment) -> {
				deployment.getWorkerId();
				return support.proxy(deployment, Duration.ofSeconds(5)).nextId();
			});
			Set<Integer> nodeIds = new HashSet<>();
			deployments.forEach((deployment) -> nodeIds.add(deployment.currentLease().getNodeId()));
			assertThat(nodeIds).hasSize(1024).allMatch((nodeId) -> nodeId >= 0 && nodeId < 1024);
			assertThat(new HashSet<>(ids)).hasSize(1024);
			assertThat(ids).allSatisfy((id) -> assertThat(id).isLessThan(1L << 53));
			assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(extra::getWorkerId)
				.withMessageContaining("all 1024 leases 0..1023")
				.satisfies((ex) -> assertThat(ex.getHolders()).isEqualTo(1024));
		}
	}

	private static Set<Integer> leaseAtOnce(List<JdbcLeaseDeployment> deployments) throws Exception {
		return new HashSet<>(AtOnce.run(deployments, JdbcLeaseDeployment::getWorkerId));
	}

}
