package io.github.idgen.jdbc;

import java.time.Duration;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.LeaseScenarios;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Scenario 6 on database servers: the network between one instance and the database stops forwarding
 * without closing anything (a TCP proxy that freezes). The cut-off instance issues its last id before
 * its deadline, two thirds of the lease timeout after the freeze at most; a successor takes its id over
 * only after a whole lease timeout, and no id is issued twice.
 */
class JdbcPartitionTests {

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void aCutOffInstanceStopsByItsDeadlineBeforeASuccessorTakesItsId(DatabaseServer server) throws Exception {
		try (TcpProxy network = new TcpProxy(server.port());
				HikariDataSource cutOffPool = Databases.poolThrough(server, network);
				HikariDataSource pool = server.pool(8);
				JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			// marks written 2 s apart promise ids 4 s ahead: only the deadline can stop the cut-off one in time
			JdbcLeaseDeployment cutOff = support
				.start(support.builder(cutOffPool).markInterval(Duration.ofSeconds(2)).build());
			LeaseScenarios.cutOffInstanceStopsByItsDeadline(support, cutOff, network,
					() -> support.start(support.builder().markMaxWait(Duration.ofSeconds(10)).build()));
		}
	}

}
