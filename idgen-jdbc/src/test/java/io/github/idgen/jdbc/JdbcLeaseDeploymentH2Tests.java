package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.lease.WorkerIdsExhaustedException;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import io.github.idgen.testsupport.CapturedOutput;
import io.github.idgen.testsupport.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The JDBC lease on an embedded H2: the table and rows, claims, give-back, and the takeover rule.
 * Behaviour that involves a database server is proven on PostgreSQL and MariaDB.
 */
class JdbcLeaseDeploymentH2Tests {

	private static final AtomicInteger databases = new AtomicInteger();

	private final JdbcDataSource dataSource = new JdbcDataSource();

	{
		this.dataSource.setURL("jdbc:h2:mem:lease-" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
	}

	private final JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(this.dataSource);

	@AfterEach
	void tearDown() throws Exception {
		this.support.close();
		execute("DROP ALL OBJECTS");
	}

	@Test
	void createsTheTableInAnEmbeddedDatabaseWithOneFreeRowPerIdOfTheRange() throws SQLException {
		this.support.start(this.support.builder().schemaInitialization(LeaseSchemaInitialization.EMBEDDED).build());
		assertThat(count("SELECT COUNT(*) FROM idgen_worker_lease WHERE lease_group = '" + this.support.group()
				+ "' AND holder IS NULL AND node_id BETWEEN 0 AND 31")).isEqualTo(32);
	}

	@Test
	void aLeaseGroupThatIsNoNameIsRefusedWhereItIsSet() {
		JdbcLeaseDeployment.Builder builder = JdbcLeaseDeployment.builder(this.dataSource);
		assertThatIllegalArgumentException().isThrownBy(() -> builder.leaseGroup(" "))
			.withMessage("The lease group must be 1 to 128 characters, not only white space, was ' '");
		assertThatIllegalArgumentException().isThrownBy(() -> builder.leaseGroup(""));
		assertThatIllegalArgumentException().isThrownBy(() -> builder.leaseGroup("g".repeat(129)));
		assertThat(builder.leaseGroup("g".repeat(128)).build()).isNotNull();
	}

	@Test
	void failsNamingTheTableAndItsScriptWhenTheTableIsMissingAndMayNotBeCreated() {
		JdbcLeaseDeployment deployment = this.support.builder()
			.table("my_leases")
			.schemaInitialization(LeaseSchemaInitialization.NEVER)
			.build();
		assertThatExceptionOfType(LeaseTableMissingException.class).isThrownBy(() -> this.support.start(deployment))
			.withMessageContaining("'my_leases' does not exist in H2")
			.withMessageContaining("io/github/idgen/jdbc/schema-h2.sql");
	}

	@Test
	void failsNamingTheLeaseTableWhenTheDatabaseCannotBeReachedAtStart() {
		JdbcDataSource unreachable = new JdbcDataSource();
		unreachable.setURL("jdbc:h2:tcp://127.0.0.1:1/nowhere");
		JdbcLeaseDeployment deployment = this.support.builder(unreachable).build();

		assertThatIllegalStateException().isThrownBy(() -> this.support.start(deployment))
			.withMessageContaining("Could not prepare the worker-id lease table at /idgen_worker_lease/"
					+ this.support.group());
	}

	@Test
	void aSecondStartIsRefusedAndLeavesTheRunningDeploymentAlone() {
		JdbcLeaseDeployment deployment = this.support.startDeployment();
		int workerId = deployment.getWorkerId();

		assertThatIllegalStateException().isThrownBy(deployment::start).withMessage("Cannot be started more than once");
		assertThat(deployment.getWorkerId()).isEqualTo(workerId);
		assertThat(deployment.currentLease().isValid()).isTrue();
	}

	@Test
	void aClaimWritesTokenNameAndMarkAndClosingClearsTheHolderAndKeepsTheMark() throws SQLException {
		JdbcLeaseDeployment deployment = this.support
			.start(this.support.builder().instanceName("orders-1").build());
		int workerId = deployment.getWorkerId();
		String row = " FROM idgen_worker_lease WHERE node_id = " + workerId + " AND lease_group = '"
				+ this.support.group() + "'";
		assertThat(count("SELECT COUNT(*)" + row + " AND holder = '" + deployment.getHolder().token()
				+ "' AND instance_name = 'orders-1' AND mark_millis > 0")).isEqualTo(1);
		deployment.close();
		assertThat(count("SELECT COUNT(*)" + row + " AND holder IS NULL AND instance_name = 'orders-1'"
				+ " AND mark_millis > 0")).isEqualTo(1);
	}

	@Test
	void twoDeploymentsLeaseDistinctIds() {
		Set<Integer> ids = new HashSet<>();
		ids.add(this.support.startDeployment().getWorkerId());
		ids.add(this.support.startDeployment().getWorkerId());
		assertThat(ids).hasSize(2);
	}

	@Test
	void aRowWhoseVersionStandsStillForALeaseTimeoutIsTakenOverAndOneThatMovesIsNot() throws SQLException {
		JdbcLeaseDeployment first = this.support.startDeployment();
		first.getWorkerId();
		// every other row held by a holder that never renews (a dead one)
		execute("UPDATE idgen_worker_lease SET holder = 'dead', version = version + 1 WHERE holder IS NULL");
		JdbcLeaseDeployment second = this.support.startDeployment();
		long start = System.nanoTime();
		int taken = second.getWorkerId();
		long waitedMillis = (System.nanoTime() - start) / 1_000_000;
		assertThat(taken).isNotEqualTo(first.getWorkerId());
		assertThat(waitedMillis).as("watched the held rows for a whole lease timeout first")
			.isGreaterThanOrEqualTo(JdbcLeaseTestSupport.LEASE_TIMEOUT.toMillis());
		assertThat(count("SELECT COUNT(*) FROM idgen_worker_lease WHERE holder = '" + first.getHolder().token() + "'"))
			.as("the live holder's row was not taken").isEqualTo(1);
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void aFreeRowClaimedMoreThanALeaseTimeoutAfterItWasFirstSeenIsNotReportedAsATakenOverHolder(
			CapturedOutput output) {
		// every reading of this clock is a whole lease timeout after the previous one: an acquisition
		// that took that long between reading the rows and claiming one
		AtomicLong nanos = new AtomicLong();
		JdbcLeaseDeployment deployment = this.support.start(this.support.builder()
			.nanoClock(() -> nanos.addAndGet(JdbcLeaseTestSupport.LEASE_TIMEOUT.toNanos()))
			.build());

		deployment.getWorkerId();

		assertThat(output).doesNotContain("Took over worker id row");
	}

	@Test
	@ExtendWith(OutputCaptureExtension.class)
	void theLeaseIsLoggedWithTheHolderTokenThatProvesItNotWithASessionThatDoesNotExist(CapturedOutput output) {
		JdbcLeaseDeployment deployment = this.support.startDeployment();
		int workerId = deployment.getWorkerId();

		assertThat(output).contains("Leased worker id " + workerId)
			.contains("held by holder " + deployment.getHolder().token())
			.doesNotContain("session 0x0");
		assertThat(deployment.currentLease().toString()).contains("holder " + deployment.getHolder().token())
			.doesNotContain("session");
	}

	@Test
	void failsAsExhaustedAfterWatchingWhenEveryRowHasALiveHolder() {
		for (int i = 0; i < 32; i++) {
			this.support.startDeployment().getWorkerId();
		}
		JdbcLeaseDeployment thirtyThird = this.support.startDeployment();
		assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(thirtyThird::getWorkerId)
			.withMessageContaining("Worker ids are exhausted")
			.withMessageContaining("/idgen_worker_lease/" + this.support.group());
	}

	private long count(String sql) throws SQLException {
		try (Connection connection = this.dataSource.getConnection(); Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery(sql)) {
			result.next();
			return result.getLong(1);
		}
	}

	private void execute(String sql) throws SQLException {
		try (Connection connection = this.dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

}
