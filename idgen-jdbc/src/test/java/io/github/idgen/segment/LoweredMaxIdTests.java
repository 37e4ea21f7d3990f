package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 6: {@code max_id} lowered behind the generator's back (as a restored backup would): the
 * next range overlaps ids already taken, so the generator refuses it and stops the tag.
 */
class LoweredMaxIdTests {

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void rangeBelowIdsAlreadyTakenIsRefused(DatabaseServer server) throws InterruptedException {
		String tag = SegmentTables.uniqueTag("lowered");
		try (HikariDataSource pool = server.pool(2);
				SegmentIdServices services = new SegmentIdServices(new JdbcSegmentStore(pool, SegmentTables.TABLE),
						RealDatabases.settings(100, Duration.ofSeconds(5)))) {
			SegmentTables.insertTag(pool, tag, 0, 100, Long.MAX_VALUE);
			SegmentIdService service = services.service(tag);
			List<Long> ids = new ArrayList<>(service.nextIds(20));
			await().until(() -> service.statistics().nextRangeLoaded());
			long taken = RealDatabases.maxId(pool, tag);
			SegmentTables.update(pool, "UPDATE idgen_segment SET max_id = 50 WHERE tag = ?", tag);
			assertThatExceptionOfType(SegmentStoreRegressedException.class).isThrownBy(() -> {
				for (;;) {
					ids.add(service.nextId());
				}
			})
				.withMessage("Segment tag '" + tag + "' got range 51.." + (50 + taken - 100) + " from table idgen_segment"
						+ " but this instance already took ids up to " + taken
						+ ": the store lost committed allocations, so its ids may already be issued elsewhere; refusing them");
			assertThat(ids).hasSize((int) taken).doesNotHaveDuplicates().isSorted();
			long maxId = RealDatabases.maxId(pool, tag);
			for (int i = 0; i < 3; i++) {
				// past the retry interval: the tag is refused for good, and asks the store no more
				Thread.sleep(RealDatabases.settings(100, Duration.ZERO).retryInterval().multipliedBy(2).toMillis());
				assertThatExceptionOfType(SegmentStoreRegressedException.class).isThrownBy(service::nextId);
			}
			assertThat(RealDatabases.maxId(pool, tag)).isEqualTo(maxId);
			assertThat(service.statistics().refused()).isTrue();
		}
	}

}
