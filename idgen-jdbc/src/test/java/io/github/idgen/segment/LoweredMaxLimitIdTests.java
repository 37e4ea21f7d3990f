package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * An operator lowers a tag's {@code max_limit_id} while instances hold ranges of it in memory. The
 * rule (docs/segments.md): a lowered limit applies from each instance's next allocation on; ranges
 * already allocated, the one being served and the preloaded one, are served to their ends. So no id
 * above the larger of the new limit and the row's {@code max_id} at the change is ever issued.
 */
class LoweredMaxLimitIdTests {

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void rangesInMemoryAreServedThenTheTagIsExhaustedAtItsNextAllocation(DatabaseServer server) {
		String tag = SegmentTables.uniqueTag("lowered-limit");
		try (HikariDataSource pool = server.pool(2);
				SegmentIdServices services = RealDatabases.services(pool, 100, Duration.ofSeconds(5));
				SegmentIdServices later = RealDatabases.services(pool, 100, Duration.ofSeconds(5))) {
			SegmentTables.insertTag(pool, tag, 0, 100, Long.MAX_VALUE);
			SegmentIdService service = services.service(tag);
			List<Long> ids = new ArrayList<>(service.nextIds(20));
			org.awaitility.Awaitility.await().until(() -> service.statistics().nextRangeLoaded());
			assertThat(RealDatabases.maxId(pool, tag)).isEqualTo(200);
			SegmentTables.update(pool, "UPDATE idgen_segment SET max_limit_id = 150 WHERE tag = ?", tag);
			String exhausted = "Segment tag '" + tag + "' is exhausted: its max_limit_id 150 in table idgen_segment is"
					+ " below its max_id 200, the largest id already handed out";
			assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> {
				for (;;) {
					ids.add(service.nextId());
				}
			}).withMessage(exhausted);
			assertThat(ids).containsExactlyElementsOf(LongStream.rangeClosed(1, 200).boxed().toList());
			assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> later.forTag(tag))
				.withMessage(exhausted);
			assertThat(RealDatabases.maxId(pool, tag)).isEqualTo(200);
			// a limit above max_id cuts the next range, as for any limit
			SegmentTables.update(pool, "UPDATE idgen_segment SET max_limit_id = 250 WHERE tag = ?", tag);
			org.awaitility.Awaitility.await()
				.ignoreException(SegmentTagExhaustedException.class)
				.until(service::nextId, (id) -> id == 201);
			assertThat(service.nextIds(49)).last().isEqualTo(250L);
			assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(service::nextId)
				.withMessageContaining("every id up to its max_limit_id 250");
		}
	}

}
