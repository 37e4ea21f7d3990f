package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 8: eight threads of one instance, single ids and batches that span ranges, across
 * hundreds of range switches: every id once, each thread's ids increasing, each batch ascending, and
 * no id of a range lost at a switch.
 */
class ManyRangeSwitchesTests {

	static final int THREADS = 8;

	static final int ROUNDS = 150;

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void eightThreadsAcrossManyRangeSwitchesGetEveryIdOnce(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("switches");
		try (HikariDataSource pool = server.pool(4);
				SegmentIdServices services = RealDatabases.services(pool, 25, Duration.ofSeconds(10))) {
			SegmentTables.insertTag(pool, tag, 25);
			IdService service = services.forTag(tag);
			ExecutorService threads = Executors.newFixedThreadPool(THREADS);
			List<Future<List<Long>>> results = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				results.add(threads.submit(() -> takeIds(service)));
			}
			List<List<Long>> idsPerThread = new ArrayList<>();
			for (Future<List<Long>> result : results) {
				idsPerThread.add(result.get());
			}
			threads.shutdown();
			int count = RealDatabases.assertUniqueAndEachIncreasing(idsPerThread);
			SegmentStatistics statistics = services.service(tag).statistics();
			assertThat(statistics.allocations()).isGreaterThan(count / 25 - 1);
			assertThat(statistics.step()).isEqualTo(25);
			// one instance took every range of the tag: each id of them was issued once or is still in
			// memory (read again while a preload that was in flight lands)
			await().untilAsserted(() -> assertThat(RealDatabases.maxId(pool, tag))
				.isEqualTo(count + services.service(tag).statistics().idsLeft()));
		}
	}

	private static List<Long> takeIds(IdService service) {
		List<Long> ids = new ArrayList<>();
		for (int round = 0; round < ROUNDS; round++) {
			ids.add(service.nextId());
			List<Long> batch = new ArrayList<>(service.nextIds(ThreadLocalRandom.current().nextInt(1, 60)));
			assertThat(batch).isSorted();
			ids.addAll(batch);
		}
		return ids;
	}

}
