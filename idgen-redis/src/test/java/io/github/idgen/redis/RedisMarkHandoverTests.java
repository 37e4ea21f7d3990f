package io.github.idgen.redis;

import java.time.Duration;
import java.util.Collections;
import java.util.List;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A successor whose clock is behind the previous holder's takes its id and waits until its own clock
 * is past the high-water mark in the record, so it repeats none of the previous holder's ids. The
 * clocks are injected; the server's clock plays no part.
 */
class RedisMarkHandoverTests {

	private static final MillisClock TWO_SECONDS_AHEAD = () -> System.currentTimeMillis() + 2_000;

	@Test
	void aSuccessorWithItsClockBehindWaitsForThePreviousHoldersMark() throws Exception {
		try (RedisLeaseTestSupport support = new RedisLeaseTestSupport(RedisServer.shared())) {
			RedisLeaseDeployment ahead = support
				.start(support.builder().instanceName("orders-1").clock(TWO_SECONDS_AHEAD).build());
			IdServiceProxy aheadIds = support.proxy(ahead, Duration.ofSeconds(5));
			List<Long> previous = List.copyOf(aheadIds.nextIds(1000));
			int workerId = ahead.getWorkerId();
			aheadIds.close();
			ahead.close();

			// the same name takes the same id back: the record names its last holder
			RedisLeaseDeployment behind = support.start(support.builder().instanceName("orders-1").build());
			assertThat(behind.getWorkerId()).isEqualTo(workerId);
			assertThat(behind.currentLease().getFloorMillis()).as("the previous holder's mark, ahead of this clock")
				.isGreaterThan(System.currentTimeMillis() + 1_000);
			IdServiceProxy behindIds = support.proxy(behind, Duration.ofSeconds(10));
			List<Long> next = List.copyOf(behindIds.nextIds(1000));
			assertThat(Collections.min(next)).as("after every id of the previous holder")
				.isGreaterThan(Collections.max(previous));
		}
	}

}
