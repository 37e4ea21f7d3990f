package io.github.idgen.segment;

import java.io.PrintWriter;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.logging.Logger;

import javax.sql.DataSource;

/**
 * Hands out one connection whose {@code close()} does nothing, so a test can look at the settings
 * the store left on it, as a pool would get it back.
 */
final class SingleConnectionDataSource implements DataSource {

	private final Connection connection;

	SingleConnectionDataSource(Connection connection) {
		this.connection = connection;
	}

	@Override
	public Connection getConnection() {
		return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
				(proxy, method, args) -> "close".equals(method.getName()) ? null : method.invoke(this.connection, args));
	}

	@Override
	public Connection getConnection(String username, String password) {
		return getConnection();
	}

	@Override
	public PrintWriter getLogWriter() {
		return null;
	}

	@Override
	public void setLogWriter(PrintWriter out) {
	}

	@Override
	public void setLoginTimeout(int seconds) {
	}

	@Override
	public int getLoginTimeout() {
		return 0;
	}

	@Override
	public Logger getParentLogger() {
		return Logger.getGlobal();
	}

	@Override
	public <T> T unwrap(Class<T> iface) {
		throw new UnsupportedOperationException();
	}

	@Override
	public boolean isWrapperFor(Class<?> iface) {
		return false;
	}

}
