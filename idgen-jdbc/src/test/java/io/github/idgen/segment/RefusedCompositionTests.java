package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A tag that an instance refused because its row's composition changed stays refused for the rest of
 * the instance's life, on PostgreSQL and MariaDB: an operator widens a tag's composition under a
 * running instance, a second instance started afterwards issues ids of the wider composition, and the
 * operator changes the row back. Were the refusal lifted by the revert, the first instance would issue
 * narrow ids whose sequences are twice the second's, which are the second's ids.
 */
class RefusedCompositionTests {

	static final Duration RETRY_INTERVAL = RealDatabases.settings(10, Duration.ZERO).retryInterval();

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void aTagRefusedForAChangedCompositionTakesNoRangeAndStaysRefusedWhenTheRowIsChangedBack(DatabaseServer server)
			throws InterruptedException {
		String tag = SegmentTables.uniqueTag("refused-composition");
		try (HikariDataSource poolA = server.pool(2); HikariDataSource poolB = server.pool(2);
				SegmentIdServices first = RealDatabases.services(poolA, 10, Duration.ofSeconds(10))) {
			// ids 2 * sequence + 1
			SegmentTables.update(poolA, "INSERT INTO " + SegmentTables.TABLE
					+ " (tag, step, business_id, business_bits, shard_bits) VALUES (?, 10, 1, 1, 0)", tag);
			SegmentIdService refusing = first.forTag(tag);
			List<Long> idsOfFirst = new ArrayList<>(refusing.nextIds(3));
			// the operator widens it under the running instance: ids 4 * sequence + 1
			setBusinessBits(poolA, tag, 2);
			assertThatExceptionOfType(SegmentCompositionChangedException.class).isThrownBy(() -> {
				for (;;) {
					idsOfFirst.add(refusing.nextId());
				}
			});
			long allocations = refusing.statistics().allocations();
			long maxId = RealDatabases.maxId(poolA, tag);
			for (int i = 0; i < 5; i++) {
				// past the retry interval every time: a refusal is not a failure to try again
				Thread.sleep(RETRY_INTERVAL.multipliedBy(2).toMillis());
				assertThatExceptionOfType(SegmentCompositionChangedException.class).isThrownBy(refusing::nextId);
			}
			assertThat(RealDatabases.maxId(poolA, tag)).as("max_id after calls to the refused tag").isEqualTo(maxId);
			List<Long> idsOfSecond;
			try (SegmentIdServices second = RealDatabases.services(poolB, 10, Duration.ofSeconds(10))) {
				idsOfSecond = new ArrayList<>(second.forTag(tag).nextIds(1000));
			}
			// the operator changes the row back
			setBusinessBits(poolA, tag, 1);
			Thread.sleep(RETRY_INTERVAL.multipliedBy(2).toMillis());
			int refusals = 0;
			for (int i = 0; i < 1000; i++) {
				try {
					idsOfFirst.add(refusing.nextId());
				}
				catch (SegmentCompositionChangedException ex) {
					refusals++;
				}
			}
			assertThat(refusals).as("calls refused after the row was changed back").isEqualTo(1000);
			assertThat(refusing.statistics().allocations()).as("ranges the refused tag took").isEqualTo(allocations);
			assertThat(refusing.statistics()).satisfies((statistics) -> {
				assertThat(statistics.refused()).isTrue();
				assertThat(statistics.lastError()).contains("changed its composition");
			});
			RealDatabases.assertUniqueAndEachIncreasing(List.of(idsOfFirst, idsOfSecond));
		}
	}

	private static void setBusinessBits(HikariDataSource pool, String tag, int businessBits) {
		SegmentTables.update(pool, "UPDATE " + SegmentTables.TABLE + " SET business_bits = ? WHERE tag = ?", businessBits,
				tag);
	}

}
