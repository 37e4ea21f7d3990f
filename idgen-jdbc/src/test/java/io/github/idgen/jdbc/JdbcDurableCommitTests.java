package io.github.idgen.jdbc;

import java.time.Duration;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.PostgresServer;
import io.github.idgen.testsupport.SynchronousCommitOff;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The lease's writes on PostgreSQL for a role (or database) with {@code synchronous_commit = off},
 * where an acknowledged commit can be lost in a crash and a lease or mark the holder relies on could
 * come back older: each write pins it on for its own transaction, in the same statement. (MySQL and
 * MariaDB have no such session setting; docs/jdbc-lease.md says what their operators set.)
 */
class JdbcDurableCommitTests {

	private static final String TABLE = "idgen_lease_durable";

	@Test
	void everyLeaseWriteCommitsWithSynchronousCommitOnForARoleThatHasItOff() throws Exception {
		PostgresServer server = PostgresServer.shared();
		try (HikariDataSource pool = SynchronousCommitOff.pool(server);
				JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			assertThat(SynchronousCommitOff.sessionSetting(pool)).isEqualTo("off");
			// starting creates the table and its rows; no row is updated before the first lease
			JdbcLeaseDeployment deployment = support.start(support.builder().table(TABLE).build());
			SynchronousCommitOff.recordOnUpdate(server, TABLE);

			deployment.getWorkerId();
			// the claim, marks every 200 ms and a renewal a second after the claim
			await().atMost(Duration.ofSeconds(5)).until(() -> SynchronousCommitOff.recorded(server, TABLE).size() > 6);
			deployment.close();

			assertThat(SynchronousCommitOff.recorded(server, TABLE)).as("claim, renewal, marks, give-back")
				.hasSizeGreaterThan(7)
				.containsOnly("on");
			assertThat(SynchronousCommitOff.sessionSetting(pool)).as("the session's own setting").isEqualTo("off");
		}
	}

}
