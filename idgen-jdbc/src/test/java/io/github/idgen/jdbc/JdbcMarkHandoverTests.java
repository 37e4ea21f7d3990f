package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.Collections;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scenario 5 on database servers: a successor whose clock is behind the previous holder's takes its
 * id and waits until its own clock is past the high-water mark in the row, so it repeats none of the
 * previous holder's ids. The clocks are injected; the database's clock plays no part.
 */
class JdbcMarkHandoverTests {

	private static final MillisClock TWO_SECONDS_AHEAD = () -> System.currentTimeMillis() + 2_000;

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void aSuccessorWithItsClockBehindWaitsForThePreviousHoldersMark(DatabaseServer server) throws Exception {
		try (HikariDataSource pool = server.pool(8); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			JdbcLeaseDeployment ahead = support
				.start(support.builder().instanceName("orders-1").clock(TWO_SECONDS_AHEAD).build());
			IdServiceProxy aheadIds = support.proxy(ahead, Duration.ofSeconds(5));
			List<Long> previous = aheadIds.nextIds(1000);
			int workerId = ahead.getWorkerId();
			aheadIds.close();
			ahead.close();

			// the same name takes the same id back: the row names its last holder
			JdbcLeaseDeployment behind = support.start(support.builder().instanceName("orders-1").build());
			assertThat(behind.getWorkerId()).isEqualTo(workerId);
			assertThat(behind.currentLease().getFloorMillis()).as("the previous holder's mark, ahead of this clock")
				.isGreaterThan(System.currentTimeMillis() + 1_000);
			IdServiceProxy behindIds = support.proxy(behind, Duration.ofSeconds(10));
			List<Long> next = behindIds.nextIds(1000);
			assertThat(Collections.min(next)).as("after every id of the previous holder")
				.isGreaterThan(Collections.max(previous));
		}
	}

}
