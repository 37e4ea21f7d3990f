package io.github.idgen.segment;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an allocation does to the session of a pooled connection, on a pool whose connections default
 * to REPEATABLE READ: on PostgreSQL nothing (the transaction's isolation is set with its row lock, in
 * one round trip); elsewhere READ COMMITTED for the transaction and the session's level put back.
 * Either way the pool gets its connection back as it came. That the transaction really runs at READ
 * COMMITTED shows in {@link RepeatableReadPoolTests}, where PostgreSQL would fail concurrent allocations.
 */
class JdbcSegmentStoreSessionTests {

	private final List<String> sessionCalls = new CopyOnWriteArrayList<>();

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void allocationsLeaveTheSessionAsTheyFoundIt(DatabaseServer server) throws SQLException {
		String tag = SegmentTables.uniqueTag("session");
		try (HikariDataSource pool = server.pool(1, server.port(), "TRANSACTION_REPEATABLE_READ")) {
			SegmentTables.insertTag(pool, tag, 10);
			JdbcSegmentStore store = new JdbcSegmentStore(recording(pool), SegmentTables.TABLE);
			assertThat(store.allocate(tag, 1).firstId()).isEqualTo(1);
			assertThat(store.allocate(tag, 1).firstId()).isEqualTo(11);
			if (server instanceof PostgresServer) {
				assertThat(this.sessionCalls).isEmpty();
			}
			else {
				assertThat(this.sessionCalls).containsExactly("get", "set " + Connection.TRANSACTION_READ_COMMITTED,
						"set " + Connection.TRANSACTION_REPEATABLE_READ, "get",
						"set " + Connection.TRANSACTION_READ_COMMITTED, "set " + Connection.TRANSACTION_REPEATABLE_READ);
			}
			try (Connection connection = pool.getConnection()) {
				assertThat(connection.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_REPEATABLE_READ);
				assertThat(connection.getAutoCommit()).isTrue();
			}
		}
	}

	/** The pool's connections, recording every read and change of their session isolation. */
	private DataSource recording(DataSource pool) {
		return (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { DataSource.class },
				(dataSource, method, args) -> method.getName().equals("getConnection")
						? recording((Connection) invoke(method, pool, args)) : invoke(method, pool, args));
	}

	private Connection recording(Connection target) {
		return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
				(connection, method, args) -> {
					switch (method.getName()) {
						case "getTransactionIsolation" -> this.sessionCalls.add("get");
						case "setTransactionIsolation" -> this.sessionCalls.add("set " + args[0]);
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
