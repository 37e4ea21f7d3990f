package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.LeaseHolderChild;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Scenario 2 on database servers: a lease holder in its own JVM is killed with SIGKILL while every
 * other id is held, so a successor can lease nothing but its id: it gets it once the row's version
 * has stood still for a lease timeout, not before.
 */
@EnabledOnOs(OS.LINUX)
class JdbcProcessCrashTests {

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void theIdOfAKilledProcessIsTakenOverAfterALeaseTimeoutAndNotBefore(DatabaseServer server) throws Exception {
		try (HikariDataSource pool = server.pool(8); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool);
				LeaseHolderChild child = JdbcLeaseHolderProcess.start(server, support.group(), 60,
						JdbcLeaseTestSupport.MARK_INTERVAL)) {
			List<JdbcLeaseDeployment> others = new ArrayList<>();
			for (int i = 0; i < 31; i++) {
				JdbcLeaseDeployment other = support.startDeployment();
				other.getWorkerId();
				others.add(other);
			}
			JdbcLeaseDeployment successor = support.startDeployment();
			assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(successor::getWorkerId);

			child.kill();
			long killedAt = System.nanoTime();
			int taken = successor.updateWorkerId(false);
			Duration afterKill = Duration.ofNanos(System.nanoTime() - killedAt);

			assertThat(taken).isEqualTo(child.workerId());
			assertThat(afterKill).as("the dead holder's row is taken over no sooner than a lease timeout")
				.isGreaterThanOrEqualTo(JdbcLeaseTestSupport.LEASE_TIMEOUT)
				.isLessThan(JdbcLeaseTestSupport.LEASE_TIMEOUT.multipliedBy(3));
			assertThat(others).allSatisfy((other) -> assertThat(other.currentLease().isValid()).isTrue());
		}
	}

}
