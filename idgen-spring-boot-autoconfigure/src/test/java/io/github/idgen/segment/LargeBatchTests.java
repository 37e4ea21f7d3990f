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

/**
 * A batch that needs many more ranges than arrive within the wait: the wait bounds each range that
 * does not come, not the whole batch. With a step of 10, 20,000 ids are 2,000 allocations, far
 * longer on any server than the 200 ms a caller waits for one range.
 */
class LargeBatchTests {

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void batchOfManyRangesSucceedsWhileRangesKeepArriving(DatabaseServer server) {
		String tag = SegmentTables.uniqueTag("large-batch");
		try (HikariDataSource pool = server.pool(2);
				SegmentIdServices services = RealDatabases.services(pool, 10, Duration.ofMillis(200))) {
			SegmentTables.insertTag(pool, tag, 10);
			SegmentIdService service = services.service(tag);
			List<Long> ids = new ArrayList<>(service.nextIds(20_000));
			assertThat(ids).containsExactlyElementsOf(LongStream.rangeClosed(1, 20_000).boxed().toList());
			assertThat(service.statistics().storeErrors()).isZero();
		}
	}

}
