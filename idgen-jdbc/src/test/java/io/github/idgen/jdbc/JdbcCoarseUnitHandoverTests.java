package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The handover of an id between holders of a layout with 1 s time units ({@link
 * SnowflakeLayout#JAVASCRIPT_SAFE}) on database servers: the previous holder's mark in the row
 * promises the whole second that holds it, so a successor whose clock is behind issues from the
 * second after it, as soon as its clock gets there.
 */
class JdbcCoarseUnitHandoverTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.JAVASCRIPT_SAFE;

	private static final MillisClock TWO_SECONDS_AHEAD = () -> System.currentTimeMillis() + 2_000;

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void aSuccessorWhoseClockIsBehindIssuesFromTheUnitAfterTheMarkAsSoonAsItsClockIsThere(DatabaseServer server)
			throws Exception {
		try (HikariDataSource pool = server.pool(8); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			JdbcLeaseDeployment ahead = support.start(
					support.builder().layout(LAYOUT).instanceName("orders-1").clock(TWO_SECONDS_AHEAD).build());
			IdServiceProxy aheadIds = support.proxy(ahead, Duration.ofSeconds(5));
			aheadIds.nextId();
			// early in a second of its clock: its ids, and the marks written until it leaves, fall in that second
			await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(1))
				.until(() -> TWO_SECONDS_AHEAD.millis() - LAYOUT.unitStartMillis(TWO_SECONDS_AHEAD.millis()) < 100);
			List<Long> previous = new ArrayList<>(aheadIds.nextIds(500));
			int workerId = ahead.getWorkerId();
			aheadIds.close();
			ahead.close();
			long mark = ahead.currentLease().getMarkMillis();
			assertThat(LAYOUT.unitStartMillis(mark)).as("a precondition: the mark is in the second of the ids")
				.isEqualTo(LAYOUT.timestampMillis(previous.get(previous.size() - 1)));

			JdbcLeaseDeployment behind = support.start(support.builder().layout(LAYOUT).instanceName("orders-1").build());
			assertThat(behind.getWorkerId()).isEqualTo(workerId);
			assertThat(behind.currentLease().getFloorMillis()).isEqualTo(mark);
			IdServiceProxy behindIds = support.proxy(behind, Duration.ofSeconds(30));
			List<Long> next = new ArrayList<>(behindIds.nextIds(500));
			long issuableFrom = LAYOUT.nextUnitStartMillis(mark);
			assertThat(System.currentTimeMillis()).as("issued soon after its clock left the mark's second, not after the"
					+ " wait bound").isLessThan(issuableFrom + 2_000);

			assertThat(next).allSatisfy((id) -> assertThat(LAYOUT.timestampMillis(id)).isGreaterThan(mark)
				.isGreaterThanOrEqualTo(issuableFrom));
			Set<Long> all = new HashSet<>(previous);
			all.addAll(next);
			assertThat(all).as("no id issued twice").hasSize(previous.size() + next.size());
			assertThat(all).allSatisfy((id) -> assertThat(id).isLessThan(1L << 53));
		}
	}

}
