package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 4: the database crashes for longer than two thirds of the lease timeout. Every instance
 * refuses ids by its deadline, and when the database is back, each confirms its row and issues again
 * by itself, with the same worker id.
 */
class JdbcDatabaseOutageTests {

	@RegisterExtension
	static final PostgresServer postgres = new PostgresServer();

	@RegisterExtension
	static final MariaDbServer mariadb = new MariaDbServer();

	static Stream<DatabaseServer> servers() {
		return Stream.of(postgres, mariadb);
	}

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("servers")
	void everyInstanceRefusesWhileTheDatabaseIsDownAndRecoversItsIdWhenItIsBack(DatabaseServer server)
			throws Exception {
		try (HikariDataSource pool = server.pool(8); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			List<IdServiceProxy> proxies = new ArrayList<>();
			List<JdbcLeaseDeployment> deployments = new ArrayList<>();
			List<Integer> workerIds = new ArrayList<>();
			Set<Long> issued = new HashSet<>();
			for (int i = 0; i < 3; i++) {
				JdbcLeaseDeployment deployment = support.startDeployment();
				deployments.add(deployment);
				workerIds.add(deployment.getWorkerId());
				IdServiceProxy proxy = support.proxy(deployment, Duration.ZERO);
				issued.add(proxy.nextId());
				proxies.add(proxy);
			}

			// each row is renewed every third of the lease timeout, with the validity of a proof left
			await().atMost(JdbcLeaseTestSupport.LEASE_TIMEOUT)
				.until(() -> deployments.stream().allMatch((deployment) -> deployment.getRenewals() >= 2));
			assertThat(deployments).allSatisfy((deployment) -> {
				assertThat(deployment.getRenewalFailures()).isZero();
				assertThat(deployment.currentLease().getTimeLeft()).isPositive()
					.isLessThanOrEqualTo(JdbcLeaseTestSupport.LEASE_TIMEOUT);
			});

			server.crash();
			long crashedAt = System.nanoTime();
			try {
				await().atMost(JdbcLeaseTestSupport.LEASE_TIMEOUT)
					.pollInterval(Duration.ofMillis(50))
					.until(() -> proxies.stream().allMatch(JdbcDatabaseOutageTests::refuses));
				Duration refusingAfter = Duration.ofNanos(System.nanoTime() - crashedAt);
				assertThat(refusingAfter).as("every instance stops by its deadline")
					.isLessThanOrEqualTo(JdbcLeaseTestSupport.LEASE_TIMEOUT.multipliedBy(2).dividedBy(3));
				Thread.sleep(JdbcLeaseTestSupport.LEASE_TIMEOUT.toMillis());
				assertThat(proxies).as("still refusing after a whole lease timeout down")
					.allMatch(JdbcDatabaseOutageTests::refuses);
				assertThat(deployments).as("renewals failed while the database was down").allSatisfy((deployment) -> {
					assertThat(deployment.getRenewalFailures()).isPositive();
					assertThat(deployment.currentLease().getTimeLeft()).isZero();
				});
			}
			finally {
				server.start();
			}

			await().atMost(Duration.ofSeconds(20))
				.pollInterval(Duration.ofMillis(100))
				.until(() -> proxies.stream().noneMatch(JdbcDatabaseOutageTests::refuses));
			long[] renewalsBack = deployments.stream().mapToLong(JdbcLeaseDeployment::getRenewals).toArray();
			for (int i = 0; i < proxies.size(); i++) {
				JdbcLeaseDeployment deployment = deployments.get(i);
				long back = renewalsBack[i];
				await().atMost(JdbcLeaseTestSupport.LEASE_TIMEOUT).until(() -> deployment.getRenewals() > back);
				assertThat(proxies.get(i).getLease().getWorkerId()).as("the row survived the restart")
					.isEqualTo(workerIds.get(i));
				for (long id : proxies.get(i).nextIds(100)) {
					assertThat(issued.add(id)).as("duplicate id %s", id).isTrue();
				}
			}
		}
	}

	private static boolean refuses(IdServiceProxy proxy) {
		try {
			proxy.nextId();
			return false;
		}
		catch (WorkerIdLeaseUnavailableException ex) {
			return true;
		}
	}

}
