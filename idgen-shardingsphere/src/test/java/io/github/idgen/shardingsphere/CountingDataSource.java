package io.github.idgen.shardingsphere;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;

/**
 * A data node's data source that counts the statements executed through it (every {@code execute*}
 * call of a statement it handed out), to see which nodes a query reached.
 */
public final class CountingDataSource implements DataSource {

	private final HikariDataSource delegate;

	private final AtomicInteger executed = new AtomicInteger();

	CountingDataSource(HikariDataSource delegate) {
		this.delegate = delegate;
	}

	// ShardingSphere reads a data source of a class it does not know through its getters: it needs the url
	public String getUrl() {
		return this.delegate.getJdbcUrl();
	}

	public String getUsername() {
		return this.delegate.getUsername();
	}

	public String getPassword() {
		return this.delegate.getPassword();
	}

	int executed() {
		return this.executed.get();
	}

	void reset() {
		this.executed.set(0);
	}

	@Override
	public Connection getConnection() throws SQLException {
		return counting(this.delegate.getConnection());
	}

	@Override
	public Connection getConnection(String username, String password) throws SQLException {
		return counting(this.delegate.getConnection(username, password));
	}

	private Connection counting(Connection connection) {
		return proxy(Connection.class, connection, (proxy, method, args) -> {
			Object result = invoke(connection, method, args);
			if (result instanceof CallableStatement statement) {
				return countingStatement(CallableStatement.class, statement);
			}
			if (result instanceof PreparedStatement statement) {
				return countingStatement(PreparedStatement.class, statement);
			}
			if (result instanceof Statement statement) {
				return countingStatement(Statement.class, statement);
			}
			return result;
		});
	}

	private <S extends Statement> S countingStatement(Class<S> type, S statement) {
		return proxy(type, statement, (proxy, method, args) -> {
			if (method.getName().startsWith("execute")) {
				this.executed.incrementAndGet();
			}
			return invoke(statement, method, args);
		});
	}

	private static <T> T proxy(Class<T> type, T target, InvocationHandler handler) {
		return type.cast(Proxy.newProxyInstance(CountingDataSource.class.getClassLoader(), new Class<?>[] { type },
				handler));
	}

	private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	@Override
	public PrintWriter getLogWriter() throws SQLException {
		return this.delegate.getLogWriter();
	}

	@Override
	public void setLogWriter(PrintWriter out) throws SQLException {
		this.delegate.setLogWriter(out);
	}

	@Override
	public void setLoginTimeout(int seconds) throws SQLException {
		this.delegate.setLoginTimeout(seconds);
	}

	@Override
	public int getLoginTimeout() throws SQLException {
		return this.delegate.getLoginTimeout();
	}

	@Override
	public Logger getParentLogger() throws SQLFeatureNotSupportedException {
		return this.delegate.getParentLogger();
	}

	@Override
	public <T> T unwrap(Class<T> iface) throws SQLException {
		return this.delegate.unwrap(iface);
	}

	@Override
	public boolean isWrapperFor(Class<?> iface) throws SQLException {
		return this.delegate.isWrapperFor(iface);
	}

}
