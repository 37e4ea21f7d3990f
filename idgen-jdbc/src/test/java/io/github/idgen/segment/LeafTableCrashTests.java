package io.github.idgen.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.ServerSessions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A crash on either side while idgen and Leaf servers (the stand-in, {@link LeafStandIn}) take ranges of
 * one tag from Leaf's {@code leaf_alloc}, on real PostgreSQL and MariaDB: a Leaf server's connection
 * killed in the middle of its transaction, and an idgen instance killed with {@code kill -9} in the
 * middle of a range. No id is issued twice, and each side's ids keep increasing.
 */
class LeafTableCrashTests {

	private static final String TAG_COLUMN = "biz_tag";

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void aLeafServerKilledInTheMiddleOfItsTransactionLeavesNoIdTwice(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("leaf-killed");
		int count = 1500;
		try (HikariDataSource admin = server.pool(1); HikariDataSource idgenPool = server.pool(2);
				HikariDataSource leafPool = server.pool(2);
				SegmentIdServices idgen = new SegmentIdServices(
						new JdbcSegmentStore(idgenPool, LeafStandIn.TABLE, TAG_COLUMN, Duration.ofSeconds(30)),
						RealDatabases.settings(50, Duration.ofSeconds(40)))) {
			LeafStandIn.createTable(admin);
			LeafStandIn.insertTag(admin, tag, 1, 50);
			// the Leaf server that dies: its UPDATE holds the row's lock, its SELECT and commit never come
			Connection dying = leafPool.getConnection();
			long session = ServerSessions.sessionOf(server, dying);
			dying.setAutoCommit(false);
			try (PreparedStatement update = dying.prepareStatement(
					"UPDATE leaf_alloc SET max_id = max_id + step WHERE biz_tag = ?")) {
				update.setString(1, tag);
				assertThat(update.executeUpdate()).isOne();
			}
			List<List<Long>> idsPerThread = new CopyOnWriteArrayList<>();
			List<Throwable> failures = new CopyOnWriteArrayList<>();
			List<Thread> threads = new ArrayList<>();
			for (int t = 0; t < 2; t++) {
				threads.add(new Thread(() -> collect(failures, idsPerThread, () -> {
					List<Long> ids = new ArrayList<>();
					SegmentIdService service = idgen.forTag(tag);
					for (int n = 0; n < count; n++) {
						ids.add(service.nextId());
					}
					return ids;
				})));
			}
			threads.add(new Thread(() -> collect(failures, idsPerThread, () -> LeafStandIn.serve(leafPool, tag, 0, count))));
			threads.forEach(Thread::start);
			// both sides wait behind the dying server's row lock
			await().atMost(Duration.ofSeconds(30)).until(() -> RealDatabases.lockWaiters(server) >= 2);
			ServerSessions.kill(server, session);
			assertThatExceptionOfType(SQLException.class).isThrownBy(dying::commit);
			dying.close();
			for (Thread thread : threads) {
				thread.join(Duration.ofMinutes(2).toMillis());
			}
			assertThat(failures).isEmpty();
			assertThat(idsPerThread).hasSize(3);
			assertThat(RealDatabases.assertUniqueAndEachIncreasing(idsPerThread)).isEqualTo(3 * count);
			// the killed transaction's range went back to the row: the first ids after it are from 1
			assertThat(idsPerThread.stream().flatMap(List::stream).mapToLong(Long::longValue).min()).hasValue(1);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void anIdgenInstanceKilledInTheMiddleOfARangeLeavesNoIdTwice(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("leaf-idgen-killed");
		try (HikariDataSource admin = server.pool(1); HikariDataSource leafPool = server.pool(1)) {
			LeafStandIn.createTable(admin);
			LeafStandIn.insertTag(admin, tag, 1, 100);
			AtomicBoolean leafRuns = new AtomicBoolean(true);
			List<Long> leafIds = Collections.synchronizedList(new ArrayList<>());
			List<Throwable> failures = new CopyOnWriteArrayList<>();
			Thread leaf = new Thread(() -> {
				try (Connection connection = leafPool.getConnection()) {
					while (leafRuns.get()) {
						long[] range = LeafStandIn.takeRange(connection, tag, 0);
						for (long id = range[0]; id < range[1]; id++) {
							leafIds.add(id);
						}
						Thread.sleep(5);
					}
				}
				catch (Throwable ex) {
					failures.add(ex);
				}
			});
			leaf.start();
			ClientProcesses.Client before = ClientProcesses.start(server, tag, 2, 0, 10_000, LeafStandIn.TABLE,
					TAG_COLUMN);
			before.awaitReady();
			await().atMost(Duration.ofSeconds(60)).until(() -> before.all.size() > 5_000 && before.heldAhead() > 100);
			before.kill();
			List<long[]> ranges = before.ranges();
			long maxHeld = ranges.stream().mapToLong((range) -> range[1]).max().orElseThrow();
			assertThat(maxHeld).as("ids the killed instance held and never issued").isGreaterThan(Collections.max(before.all));
			ClientProcesses.Client after = ClientProcesses.start(server, tag, 1, 500, 10_000, LeafStandIn.TABLE,
					TAG_COLUMN);
			after.awaitReady();
			after.awaitDone();
			leafRuns.set(false);
			leaf.join(Duration.ofSeconds(30).toMillis());
			assertThat(failures).isEmpty();
			assertThat(after.all).hasSize(500).allMatch((id) -> id > maxHeld);
			List<List<Long>> idsPerThread = new ArrayList<>(before.idsPerThread());
			idsPerThread.addAll(after.idsPerThread());
			idsPerThread.add(new ArrayList<>(leafIds));
			RealDatabases.assertUniqueAndEachIncreasing(idsPerThread);
			// nor did Leaf serve an id of a range the killed instance held and left unissued
			assertThat(leafIds).noneMatch((id) -> ranges.stream().anyMatch((range) -> range[0] <= id && id <= range[1]));
		}
	}

	private static void collect(List<Throwable> failures, List<List<Long>> idsPerThread, IdsSource ids) {
		try {
			idsPerThread.add(ids.get());
		}
		catch (Throwable ex) {
			failures.add(ex);
		}
	}

	@FunctionalInterface
	private interface IdsSource {

		List<Long> get() throws Exception;

	}

}
