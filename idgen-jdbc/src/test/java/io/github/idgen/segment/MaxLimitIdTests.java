package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Scenario 5: {@code max_limit_id} 2500 with step 1000: ids 1..2500 (the last range 2001..2500 is
 * shorter), then the exhausted exception naming tag and limit; raising the limit resumes.
 */
class MaxLimitIdTests {

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void lastIdsAreUpToTheLimitThenTheTagIsExhausted(DatabaseServer server) {
		String tag = SegmentTables.uniqueTag("limit");
		try (HikariDataSource pool = server.pool(2);
				SegmentIdServices services = new SegmentIdServices(new JdbcSegmentStore(pool, SegmentTables.TABLE),
						RealDatabases.settings(1000, Duration.ofSeconds(5)))) {
			SegmentTables.insertTag(pool, tag, 0, 1000, 2500);
			IdService service = services.forTag(tag);
			List<Long> ids = new ArrayList<>();
			for (int i = 0; i < 2500; i++) {
				ids.add(service.nextId());
			}
			assertThat(ids).containsExactlyElementsOf(LongStream.rangeClosed(1, 2500).boxed().toList());
			assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(service::nextId)
				.withMessage("Segment tag '" + tag + "' is exhausted: every id up to its max_limit_id 2500 in table "
						+ "idgen_segment was handed out");
			assertThat(RealDatabases.maxId(pool, tag)).isEqualTo(2500);
			SegmentTables.update(pool, "UPDATE idgen_segment SET max_limit_id = 2600 WHERE tag = ?", tag);
			org.awaitility.Awaitility.await()
				.ignoreException(SegmentTagExhaustedException.class)
				.until(service::nextId, (id) -> id == 2501);
		}
	}

}
