package io.github.idgen.segment;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.jdbc.segment.SegmentTableColumns;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * idgen's JDBC store on Leaf's own table ({@code leaf_alloc}, created with Leaf's DDL, tag column
 * {@code biz_tag}) beside a stand-in for Leaf's allocation ({@link LeafStandIn}), on real PostgreSQL
 * and MariaDB: each side's ranges are the ids Leaf would serve for the same change of the row, so
 * with both taking ranges of one tag no id is issued twice.
 */
class LeafTableTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void rangesAreTheIdsALeafServerServesForTheSameChangeOfTheRow(DatabaseServer server) throws SQLException {
		String tag = SegmentTables.uniqueTag("leaf-ranges");
		try (HikariDataSource pool = server.pool(2); Connection leaf = pool.getConnection()) {
			LeafStandIn.createTable(pool);
			LeafStandIn.insertTag(pool, tag, 1, 100);
			JdbcSegmentStore store = new JdbcSegmentStore(pool, LeafStandIn.TABLE, "biz_tag", TIMEOUT);
			SegmentRange first = store.allocate(tag, 1);
			assertThat(List.of(first.firstId(), first.lastId())).containsExactly(1L, 100L);
			assertThat(LeafStandIn.maxId(pool, tag)).isEqualTo(101);
			assertThat(LeafStandIn.takeRange(leaf, tag, 0)).containsExactly(101, 201);
			SegmentRange third = store.allocate(tag, 1);
			assertThat(List.of(third.firstId(), third.lastId())).containsExactly(201L, 300L);
			// Leaf's dynamic step, then an exact range of idgen's
			assertThat(LeafStandIn.takeRange(leaf, tag, 7)).containsExactly(301, 308);
			SegmentRange exact = store.allocateExactly(tag, 5);
			assertThat(List.of(exact.firstId(), exact.lastId())).containsExactly(308L, 312L);
			assertThat(LeafStandIn.maxId(pool, tag)).isEqualTo(313);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void aRowThatStartsAtZeroNeverIssuesIdZero(DatabaseServer server) {
		String tag = SegmentTables.uniqueTag("leaf-zero");
		try (HikariDataSource pool = server.pool(1)) {
			LeafStandIn.createTable(pool);
			LeafStandIn.insertTag(pool, tag, 0, 10);
			SegmentRange range = new JdbcSegmentStore(pool, LeafStandIn.TABLE, "biz_tag", TIMEOUT).allocate(tag, 1);
			assertThat(List.of(range.firstId(), range.lastId())).containsExactly(1L, 10L);
			// Leaf goes on from 11, past every id idgen issued
			assertThat(LeafStandIn.maxId(pool, tag)).isEqualTo(11);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void idgenInstancesAndLeafServersOnOneTagUnderLoadNeverIssueAnIdTwice(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("leaf-load");
		int count = 2000;
		try (HikariDataSource admin = server.pool(1)) {
			LeafStandIn.createTable(admin);
			LeafStandIn.insertTag(admin, tag, 1, 20);
		}
		List<List<Long>> idsPerThread = new CopyOnWriteArrayList<>();
		List<Throwable> failures = new CopyOnWriteArrayList<>();
		List<Thread> threads = new ArrayList<>();
		List<AutoCloseable> resources = new ArrayList<>();
		try {
			for (int instance = 0; instance < 2; instance++) {
				HikariDataSource pool = server.pool(2);
				resources.add(pool);
				SegmentIdServices services = new SegmentIdServices(
						new JdbcSegmentStore(pool, LeafStandIn.TABLE, "biz_tag", TIMEOUT),
						RealDatabases.settings(20, Duration.ofSeconds(20)));
				resources.add(services);
				for (int t = 0; t < 2; t++) {
					threads.add(worker(failures, () -> {
						List<Long> ids = new ArrayList<>();
						SegmentIdService service = services.forTag(tag);
						for (int n = 0; n < count; n++) {
							ids.add(service.nextId());
						}
						idsPerThread.add(ids);
					}));
				}
			}
			for (int leafServer = 0; leafServer < 3; leafServer++) {
				HikariDataSource pool = server.pool(1);
				resources.add(pool);
				int customStep = (leafServer == 0) ? 0 : 13 * leafServer;
				threads.add(worker(failures, () -> idsPerThread.add(LeafStandIn.serve(pool, tag, customStep, count))));
			}
			threads.forEach(Thread::start);
			for (Thread thread : threads) {
				thread.join(Duration.ofMinutes(3).toMillis());
			}
		}
		finally {
			Collections.reverse(resources);
			for (AutoCloseable resource : resources) {
				resource.close();
			}
		}
		assertThat(failures).isEmpty();
		assertThat(idsPerThread).hasSize(7);
		assertThat(RealDatabases.assertUniqueAndEachIncreasing(idsPerThread)).isEqualTo(7 * count);
		try (HikariDataSource admin = server.pool(1)) {
			long maxId = LeafStandIn.maxId(admin, tag);
			assertThat(idsPerThread.stream().flatMap(List::stream)).allSatisfy((id) -> assertThat(id).isBetween(1L, maxId - 1));
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void theColumnsUsedAreReadOnceAndTheTableIsLeftAsItWas(DatabaseServer server) throws SQLException {
		String tag = SegmentTables.uniqueTag("leaf-columns");
		try (HikariDataSource pool = server.pool(1)) {
			LeafStandIn.createTable(pool);
			LeafStandIn.insertTag(pool, tag, 1, 10);
			List<String> before = columns(pool);
			JdbcSegmentStore store = new JdbcSegmentStore(pool, LeafStandIn.TABLE, "biz_tag", TIMEOUT);
			SegmentTableColumns columns = store.inspect();
			assertThat(columns).isNotNull();
			assertThat(columns.summary()).isEqualTo("table leaf_alloc: tag column biz_tag, max_id as Leaf reads it"
					+ " (the next id to issue), step; uses update_time, description; has no max_limit_id (no limit),"
					+ " version (not raised), business_id (plain ids), business_bits (plain ids), shard_bits (plain ids)");
			assertThat(store.hasTag(tag)).isTrue();
			assertThat(store.hasTag(tag + "-absent")).isFalse();
			assertThatExceptionOfType(UnsupportedOperationException.class)
				.isThrownBy(() -> store.createTag(tag + "-new", SegmentTagSettings.ofStep(1000)))
				.withMessageContaining("idgen creates no tags in a table it did not create");
			assertThatExceptionOfType(UnknownSegmentTagException.class)
				.isThrownBy(() -> store.allocate(tag + "-absent", 1))
				.withMessageContaining("INSERT INTO leaf_alloc (biz_tag, max_id, step) VALUES ('" + tag + "-absent', 1, 1000);");
			store.allocate(tag, 1);
			assertThat(columns(pool)).isEqualTo(before);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void aTableWithoutTheTagColumnIsRefusedNamingTheProperty(DatabaseServer server) {
		try (HikariDataSource pool = server.pool(1)) {
			LeafStandIn.createTable(pool);
			JdbcSegmentStore store = new JdbcSegmentStore(pool, LeafStandIn.TABLE, "tag_name", TIMEOUT);
			assertThatIllegalStateException().isThrownBy(store::inspect)
				.withMessageContaining("Segment table leaf_alloc has no column tag_name")
				.withMessageContaining("xxx.common.segment-tag-column");
		}
	}

	private static List<String> columns(HikariDataSource pool) throws SQLException {
		List<String> columns = new ArrayList<>();
		try (Connection connection = pool.getConnection();
				ResultSet rs = connection.getMetaData().getColumns(connection.getCatalog(), null, LeafStandIn.TABLE, "%")) {
			while (rs.next()) {
				columns.add(rs.getString("COLUMN_NAME") + " " + rs.getString("TYPE_NAME") + " " + rs.getString("COLUMN_DEF"));
			}
		}
		return columns;
	}

	private static Thread worker(List<Throwable> failures, ThrowingRunnable work) {
		return new Thread(() -> {
			try {
				work.run();
			}
			catch (Throwable ex) {
				failures.add(ex);
			}
		});
	}

	@FunctionalInterface
	private interface ThrowingRunnable {

		void run() throws Exception;

	}

}
