package io.github.idgen.jdbc;

import java.time.Duration;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.LeaseHolderChild;
import io.github.idgen.testsupport.LeaseScenarios;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scenario 3 on database servers: a holder in its own JVM is frozen (SIGSTOP) past its lease timeout
 * while a successor takes its id over. Thawed, it issues nothing with that id, and leases another one
 * once one is free.
 */
@EnabledOnOs(OS.LINUX)
class JdbcFrozenHolderTests {

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void aHolderFrozenPastItsLeaseIssuesNothingWithItsIdAfterThawAndLeasesAnother(DatabaseServer server)
			throws Exception {
		// marks written 5 s apart are still ahead of the child's clock when it thaws: only the lease
		// deadline can stop it from issuing with the id it lost
		try (HikariDataSource pool = server.pool(8); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool);
				LeaseHolderChild child = JdbcLeaseHolderProcess.start(server, support.group(), 90,
						Duration.ofSeconds(5))) {
			LeaseScenarios.frozenHolderIssuesNothingWithItsIdAfterThaw(support, child,
					() -> support.start(support.builder().markMaxWait(Duration.ofSeconds(30)).build()));
		}
	}

}
