package io.github.idgen.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.LeaseHolderChild;
import io.github.idgen.testsupport.LeaseScenarios;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

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
			LeaseScenarios.killedHolderIsTakenOverAfterALeaseTimeout(support, child);
		}
	}

}
