package io.github.idgen.segment;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.DatabaseServerAssertions;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.postgresql.ds.PGSimpleDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What an allocation sends on a pooled connection and leaves behind, on real servers, through a
 * connection that records the calls: on PostgreSQL a full step is one auto-committed
 * {@code UPDATE ... RETURNING}, and the rest a transaction whose READ COMMITTED is set with its row
 * lock; elsewhere READ COMMITTED for the transaction and the session's level put back. Either way the
 * pool gets its connection back as it came. That the transaction really runs at READ COMMITTED shows
 * in {@link RepeatableReadPoolTests}, where PostgreSQL would fail concurrent allocations.
 */
class JdbcSegmentStoreSessionTests {

	private final List<String> calls = new CopyOnWriteArrayList<>();

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void allocationsLeaveTheSessionAsTheyFoundIt(DatabaseServer server) throws SQLException {
		String tag = SegmentTables.uniqueTag("session");
		try (HikariDataSource pool = server.pool(1, server.port(), "TRANSACTION_REPEATABLE_READ")) {
			SegmentTables.insertTag(pool, tag, 10);
			JdbcSegmentStore store = new JdbcSegmentStore(recording(pool), SegmentTables.TABLE);
			assertThat(store.allocate(tag, 1).firstId()).isEqualTo(1);
			assertThat(store.allocate(tag, 1).firstId()).isEqualTo(11);
			List<String> isolationCalls = this.calls.stream().filter((call) -> call.contains("isolation")).toList();
			if (server instanceof PostgresServer) {
				assertThat(isolationCalls).isEmpty();
			}
			else {
				String readCommitted = "set isolation " + Connection.TRANSACTION_READ_COMMITTED;
				String repeatableRead = "set isolation " + Connection.TRANSACTION_REPEATABLE_READ;
				assertThat(isolationCalls).containsExactly("get isolation", readCommitted, repeatableRead, "get isolation",
						readCommitted, repeatableRead);
			}
			try (Connection connection = pool.getConnection()) {
				assertThat(connection.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_REPEATABLE_READ);
				assertThat(connection.getAutoCommit()).isTrue();
			}
		}
	}

	@Test
	void onPostgresAFullStepIsOneAutoCommittedStatement() {
		String tag = SegmentTables.uniqueTag("one-statement");
		JdbcSegmentStore store = recordingStoreOnPostgres(tag, 500, 100, 10_000);
		assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 501, 600, 100, 10_000));
		assertThat(store.allocate(tag, 250)).isEqualTo(new SegmentRange(tag, 601, 850, 100, 10_000));
		assertThat(this.calls).containsExactly("prepare UPDATE", "prepare UPDATE");
		assertThat(SegmentTables.maxId(postgres(), tag)).isEqualTo(850);
	}

	@Test
	void onPostgresAConnectionWithoutAutoCommitAlsoTakesAFullStepInOneStatementAndGetsItsModeBack()
			throws SQLException {
		String tag = SegmentTables.uniqueTag("no-auto-commit");
		SegmentTables.insertTag(postgres(), tag, 0, 100, Long.MAX_VALUE);
		try (Connection connection = postgres().getConnection()) {
			connection.setAutoCommit(false);
			JdbcSegmentStore store = new JdbcSegmentStore(recording(new SingleConnectionDataSource(connection)),
					SegmentTables.TABLE);
			assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 1, 100, 100, Long.MAX_VALUE));
			assertThat(this.calls).containsExactly("auto-commit true", "prepare UPDATE", "auto-commit false");
			assertThat(connection.getAutoCommit()).isFalse();
		}
		// committed by the statement itself: another connection sees it
		assertThat(SegmentTables.maxId(postgres(), tag)).isEqualTo(100);
	}

	@Test
	void onPostgresTheLastShorterRangeIsTakenUnderTheRowLock() {
		String tag = SegmentTables.uniqueTag("last-range");
		JdbcSegmentStore store = recordingStoreOnPostgres(tag, 900, 100, 950);
		assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 901, 950, 100, 950));
		assertThat(this.calls).containsExactly("prepare UPDATE", "auto-commit false", "prepare SET", "prepare UPDATE",
				"commit", "auto-commit true");
	}

	@Test
	void onPostgresARepeatableReadSessionThatMeetsAConcurrentAllocationGetsTheRangeAfterIt() throws Exception {
		PostgresServer server = RealDatabases.withTable(PostgresServer.shared());
		String tag = SegmentTables.uniqueTag("serialization");
		try (HikariDataSource pool = server.pool(1, server.port(), "TRANSACTION_REPEATABLE_READ");
				Connection other = server.connect()) {
			SegmentTables.insertTag(pool, tag, 100);
			JdbcSegmentStore store = new JdbcSegmentStore(recording(pool), SegmentTables.TABLE);
			other.setAutoCommit(false);
			other.createStatement().executeUpdate("UPDATE idgen_segment SET max_id = 100 WHERE tag = '" + tag + "'");
			// starts under REPEATABLE READ, waits for the other allocation's row lock
			CompletableFuture<SegmentRange> range = CompletableFuture.supplyAsync(() -> store.allocate(tag, 1));
			await().atMost(Duration.ofSeconds(5)).until(() -> DatabaseServerAssertions.singleLong(server,
					"SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE idgen_segment%'") == 1);
			other.commit();
			assertThat(range.get()).isEqualTo(new SegmentRange(tag, 101, 200, 100, Long.MAX_VALUE));
			assertThat(this.calls).startsWith("prepare UPDATE", "auto-commit false", "prepare SET");
		}
	}

	/** A store on PostgreSQL whose connections record their calls, with a tag in the table. */
	private JdbcSegmentStore recordingStoreOnPostgres(String tag, long maxId, int step, long maxLimitId) {
		DataSource postgres = postgres();
		SegmentTables.insertTag(postgres, tag, maxId, step, maxLimitId);
		return new JdbcSegmentStore(recording(postgres), SegmentTables.TABLE);
	}

	private static DataSource postgres() {
		PostgresServer server = RealDatabases.withTable(PostgresServer.shared());
		PGSimpleDataSource dataSource = new PGSimpleDataSource();
		dataSource.setUrl(server.jdbcUrl());
		dataSource.setUser(server.username());
		return dataSource;
	}

	/** The data source's connections, recording what an allocation does with them. */
	private DataSource recording(DataSource target) {
		return (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { DataSource.class },
				(dataSource, method, args) -> method.getName().equals("getConnection")
						? recording((Connection) invoke(method, target, args)) : invoke(method, target, args));
	}

	private Connection recording(Connection target) {
		return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
				(connection, method, args) -> {
					switch (method.getName()) {
						case "getTransactionIsolation" -> this.calls.add("get isolation");
						case "setTransactionIsolation" -> this.calls.add("set isolation " + args[0]);
						case "setAutoCommit" -> this.calls.add("auto-commit " + args[0]);
						case "prepareStatement" ->
							this.calls.add("prepare " + ((String) args[0]).split(" ", 2)[0].toUpperCase(Locale.ROOT));
						case "commit" -> this.calls.add("commit");
						default -> {
						}
					}
					return invoke(method, target, args);
				});
	}

	private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

}
