package io.github.idgen.segment;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link JdbcSegmentStore#allocateExactly}: ranges of exactly the size asked for, whatever the row's
 * step, cut only by {@code max_limit_id}, on PostgreSQL and MariaDB.
 */
class ExactRangeTests {

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void rangesHaveTheSizeAskedForWhateverTheRowsStep(DatabaseServer server) {
		String tag = SegmentTables.uniqueTag("exact");
		try (HikariDataSource pool = server.pool(2)) {
			SegmentTables.insertTag(pool, tag, 1000);
			JdbcSegmentStore store = new JdbcSegmentStore(pool, SegmentTables.TABLE);
			assertThat(store.allocateExactly(tag, 7)).isEqualTo(new SegmentRange(tag, 1, 7, 1000, Long.MAX_VALUE));
			assertThat(store.allocateExactly(tag, 2500))
				.isEqualTo(new SegmentRange(tag, 8, 2507, 1000, Long.MAX_VALUE));
			assertThat(RealDatabases.maxId(pool, tag)).isEqualTo(2507);
			// the other operation still takes at least the row's step
			assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 2508, 3507, 1000, Long.MAX_VALUE));
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void theLastRangeIsCutAtTheLimitThenTheTagIsExhausted(DatabaseServer server) {
		String tag = SegmentTables.uniqueTag("exact-limit");
		try (HikariDataSource pool = server.pool(2)) {
			SegmentTables.insertTag(pool, tag, 0, 100, 10);
			JdbcSegmentStore store = new JdbcSegmentStore(pool, SegmentTables.TABLE);
			assertThat(store.allocateExactly(tag, 6)).isEqualTo(new SegmentRange(tag, 1, 6, 100, 10));
			assertThat(store.allocateExactly(tag, 6)).isEqualTo(new SegmentRange(tag, 7, 10, 100, 10));
			assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> store.allocateExactly(tag, 1))
				.satisfies((ex) -> assertThat(ex.getMaxLimitId()).isEqualTo(10));
			assertThat(RealDatabases.maxId(pool, tag)).isEqualTo(10);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void anUnknownTagIsRefused(DatabaseServer server) {
		try (HikariDataSource pool = server.pool(1)) {
			JdbcSegmentStore store = new JdbcSegmentStore(pool, SegmentTables.TABLE);
			assertThatExceptionOfType(UnknownSegmentTagException.class)
				.isThrownBy(() -> store.allocateExactly("no-such-tag", 5))
				.withMessage("Segment tag 'no-such-tag' does not exist in table idgen_segment; an operator adds it with:"
					+ " INSERT INTO idgen_segment (tag, step) VALUES ('no-such-tag', 1000);");
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void concurrentRangesAreDisjointAndLeaveNoGap(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("exact-concurrent");
		int threads = 4;
		int perThread = 25;
		try (HikariDataSource pool = server.pool(threads)) {
			SegmentTables.insertTag(pool, tag, 1000);
			JdbcSegmentStore store = new JdbcSegmentStore(pool, SegmentTables.TABLE);
			ExecutorService executor = Executors.newFixedThreadPool(threads);
			try {
				List<Future<List<SegmentRange>>> results = new ArrayList<>();
				for (int t = 0; t < threads; t++) {
					int size = 3 + t;
					results.add(executor.submit(() -> {
						List<SegmentRange> ranges = new ArrayList<>();
						for (int i = 0; i < perThread; i++) {
							ranges.add(store.allocateExactly(tag, size));
						}
						return ranges;
					}));
				}
				List<SegmentRange> all = new ArrayList<>();
				for (Future<List<SegmentRange>> result : results) {
					all.addAll(result.get());
				}
				all.sort(Comparator.comparingLong(SegmentRange::firstId));
				long expectedFirst = 1;
				for (SegmentRange range : all) {
					assertThat(range.firstId()).as("range after id %d", expectedFirst - 1).isEqualTo(expectedFirst);
					expectedFirst = range.lastId() + 1;
				}
				// sizes 3, 4, 5 and 6, 25 ranges each
				assertThat(expectedFirst - 1).isEqualTo(perThread * (3 + 4 + 5 + 6));
				assertThat(RealDatabases.maxId(pool, tag)).isEqualTo(expectedFirst - 1);
				assertThat(Collections.frequency(all.stream().map(SegmentRange::size).toList(), 6L)).isEqualTo(perThread);
			}
			finally {
				executor.shutdownNow();
			}
		}
	}

	@Test
	void aSizeBelowOneIsRefusedBeforeTheDatabaseIsAsked() {
		JdbcSegmentStore store = new JdbcSegmentStore(new org.h2.jdbcx.JdbcDataSource(), SegmentTables.TABLE);
		assertThatIllegalArgumentException().isThrownBy(() -> store.allocateExactly("orders", 0))
			.withMessage("size must be at least 1, was 0");
	}

}
