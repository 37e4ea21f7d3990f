package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.LongStream;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A batch that needs many more ranges than arrive within the wait: the wait bounds each range that
 * does not come, not the whole batch. With a step of 10, 5,000 ids are 500 allocations; each is held
 * back 4 ms on its way from the database, so the batch takes at least 2 s, twice the 1 s a caller
 * waits for one range, however fast or loaded the machine is.
 */
class LargeBatchTests {

	private static final Duration WAIT = Duration.ofSeconds(1);

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void batchOfManyRangesSucceedsWhileRangesKeepArriving(DatabaseServer server) {
		String tag = SegmentTables.uniqueTag("large-batch");
		try (HikariDataSource pool = server.pool(2);
				SegmentIdServices services = new SegmentIdServices(
						new SlowStore(new JdbcSegmentStore(pool, SegmentTables.TABLE,
								JdbcSegmentStore.DEFAULT_ALLOCATION_TIMEOUT)),
						RealDatabases.settings(10, WAIT))) {
			SegmentTables.insertTag(pool, tag, 10);
			SegmentIdService service = services.service(tag);
			long start = System.nanoTime();
			List<Long> ids = new ArrayList<>(service.nextIds(5_000));
			Duration took = Duration.ofNanos(System.nanoTime() - start);
			assertThat(ids).containsExactlyElementsOf(LongStream.rangeClosed(1, 5_000).boxed().toList());
			assertThat(service.statistics().storeErrors()).isZero();
			assertThat(took).as("the batch outlasted the wait for one range").isGreaterThan(WAIT);
		}
	}

	/** A store whose every range arrives 4 ms late. */
	private record SlowStore(SegmentStore store) implements SegmentStore {

		@Override
		public SegmentRange allocate(String tag, int requestedStep) {
			LockSupport.parkNanos(Duration.ofMillis(4).toNanos());
			return this.store.allocate(tag, requestedStep);
		}

		@Override
		public SegmentRange allocateExactly(String tag, int size) {
			LockSupport.parkNanos(Duration.ofMillis(4).toNanos());
			return this.store.allocateExactly(tag, size);
		}

		@Override
		public String describe() {
			return this.store.describe();
		}

	}

}
