package io.github.idgen.segment;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The first use of a tag, on real servers, while another instance stalls holding the tag's row lock
 * (a long GC pause, a frozen container): the tag waits for its own first range only, never for
 * another tag's; its concurrent first callers share one allocation; and while its first allocation
 * fails it shows in the statistics (and so in health), until it gets its range by itself.
 */
class TagFirstUseTests {

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void firstUseOfATagDoesNotWaitForAnotherTagsFirstRange(DatabaseServer server) throws Exception {
		String stuck = SegmentTables.uniqueTag("stuck");
		String other = SegmentTables.uniqueTag("other");
		ExecutorService callers = Executors.newCachedThreadPool();
		try (HikariDataSource direct = server.pool(1);
				HikariDataSource pool = server.pool(3);
				SegmentIdServices services = RealDatabases.services(pool, Duration.ofSeconds(30), 10, Duration.ofSeconds(30))) {
			SegmentTables.insertTag(direct, stuck, 10);
			SegmentTables.insertTag(direct, other, 10);
			Future<IdService> stuckService;
			try (Connection stalled = SegmentTables.lockRow(direct, stuck)) {
				stuckService = callers.submit(() -> services.forTag(stuck));
				await().until(() -> RealDatabases.lockWaiters(server) == 1);
				Future<Long> otherId = callers.submit(() -> services.forTag(other).nextId());
				// bounded only so that a failure does not hang the build: the stuck tag's caller
				// waits up to 30 s, and its allocation as long
				assertThat(otherId.get(20, TimeUnit.SECONDS)).isEqualTo(1);
				assertThat(stuckService).isNotDone();
				stalled.rollback();
			}
			assertThat(stuckService.get(20, TimeUnit.SECONDS).nextId()).isEqualTo(1);
		}
		finally {
			callers.shutdownNow();
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void concurrentFirstCallersOfOneTagShareOneServiceAndOneAllocation(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("shared-first");
		ExecutorService callers = Executors.newFixedThreadPool(4);
		try (HikariDataSource direct = server.pool(1);
				HikariDataSource pool = server.pool(4);
				SegmentIdServices services = RealDatabases.services(pool, Duration.ofSeconds(30), 10, Duration.ofSeconds(30))) {
			SegmentTables.insertTag(direct, tag, 10);
			List<CompletableFuture<IdService>> firstCalls = new ArrayList<>();
			try (Connection stalled = SegmentTables.lockRow(direct, tag)) {
				for (int i = 0; i < 4; i++) {
					firstCalls.add(CompletableFuture.supplyAsync(() -> services.forTag(tag), callers));
				}
				await().until(() -> RealDatabases.lockWaiters(server) == 1);
				stalled.rollback();
			}
			IdService service = firstCalls.get(0).get(20, TimeUnit.SECONDS);
			for (CompletableFuture<IdService> call : firstCalls) {
				assertThat(call.get(20, TimeUnit.SECONDS)).isSameAs(service);
			}
			assertThat(services.service(tag).statistics().allocations()).isOne();
			assertThat(RealDatabases.maxId(direct, tag)).isEqualTo(10);
		}
		finally {
			callers.shutdownNow();
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void tagWhoseFirstAllocationFailsShowsAsFailingUntilItGetsItsRangeByItself(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("failing-first");
		try (HikariDataSource direct = server.pool(1);
				HikariDataSource pool = server.pool(2);
				SegmentIdServices services = RealDatabases.services(pool, Duration.ofSeconds(1), 10, Duration.ofMillis(300))) {
			SegmentTables.insertTag(direct, tag, 10);
			try (Connection stalled = SegmentTables.lockRow(direct, tag)) {
				assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(() -> services.forTag(tag));
				// the allocation gives up after the store's allocation timeout: a store error
				await().atMost(Duration.ofSeconds(10))
					.until(() -> services.statistics().stream().anyMatch((statistics) -> statistics.storeErrors() > 0));
				assertThat(services.statistics()).singleElement().satisfies((statistics) -> {
					assertThat(statistics.tag()).isEqualTo(tag);
					assertThat(statistics.storeReachable()).isFalse();
					assertThat(statistics.nextRangeLoaded()).isFalse();
					assertThat(statistics.idsLeft()).isZero();
					assertThat(statistics.currentFirstId()).isZero();
					assertThat(statistics.lastError()).startsWith("Could not allocate a range of segment tag '" + tag + "'");
				});
				stalled.rollback();
			}
			// nobody asks for the tag again: it tries again by itself and gets its first range
			await().atMost(Duration.ofSeconds(10))
				.until(() -> services.statistics().get(0).nextRangeLoaded() && services.statistics().get(0).storeReachable());
			assertThat(services.statistics()).singleElement()
				.satisfies((statistics) -> assertThat(statistics.idsLeft()).isEqualTo(10));
			assertThat(services.forTag(tag).nextId()).isEqualTo(1);
			assertThat(services.service(tag).statistics().allocations()).isOne();
		}
	}

}
