package io.github.idgen.benchmarks;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import javax.sql.DataSource;

import org.postgresql.ds.PGSimpleDataSource;

/**
 * The driver's connections, with every call on a connection and its statements counted by method
 * name. Put under a pool ({@link JdbcTarget#pool}), it also sees what the pool itself sends (its
 * validity checks, the settings it restores), so the counts show every call that may reach the server.
 */
final class CountingDataSource {

	private final PGSimpleDataSource driver = new PGSimpleDataSource();

	private final Map<String, LongAdder> calls = new ConcurrentHashMap<>();

	private final DataSource dataSource;

	CountingDataSource(JdbcTarget target) {
		this.driver.setURL(target.url());
		this.driver.setUser(target.user());
		this.driver.setPassword(target.password());
		this.dataSource = (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(),
				new Class<?>[] { DataSource.class }, (proxy, method, args) -> {
					Object result = invoke(this.driver, method, args);
					if (result instanceof Connection connection) {
						count("DataSource.getConnection");
						return counting(connection, Connection.class, "Connection.");
					}
					return result;
				});
	}

	/** The counting data source, to put under a pool. */
	DataSource dataSource() {
		return this.dataSource;
	}

	/** A snapshot of the counts, by {@code Interface.method}. */
	Map<String, Long> counts() {
		Map<String, Long> snapshot = new TreeMap<>();
		this.calls.forEach((name, count) -> snapshot.put(name, count.sum()));
		return snapshot;
	}

	void reset() {
		this.calls.clear();
	}

	private <T> T counting(T target, Class<T> type, String prefix) {
		InvocationHandler handler = (proxy, method, args) -> {
			count(prefix + method.getName());
			Object result = invoke(target, method, args);
			if (result instanceof Statement statement) {
				return countingStatement(statement);
			}
			return result;
		};
		return type.cast(Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { type }, handler));
	}

	private Statement countingStatement(Statement statement) {
		// the statement's own interfaces (PreparedStatement, CallableStatement) stay visible to the caller
		Class<?>[] interfaces = (statement instanceof java.sql.CallableStatement)
				? new Class<?>[] { java.sql.CallableStatement.class }
				: (statement instanceof java.sql.PreparedStatement) ? new Class<?>[] { java.sql.PreparedStatement.class }
						: new Class<?>[] { Statement.class };
		return (Statement) Proxy.newProxyInstance(getClass().getClassLoader(), interfaces, (proxy, method, args) -> {
			if (method.getName().startsWith("execute")) {
				count("Statement." + method.getName());
			}
			return invoke(statement, method, args);
		});
	}

	private void count(String name) {
		this.calls.computeIfAbsent(name, (key) -> new LongAdder()).increment();
	}

	private static Object invoke(Object target, Method method, Object[] args) throws SQLException {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			if (ex.getCause() instanceof SQLException sql) {
				throw sql;
			}
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IllegalStateException(ex.getCause());
		}
		catch (IllegalAccessException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
