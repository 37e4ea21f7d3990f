package io.github.idgen.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;

import javax.sql.DataSource;

import io.github.idgen.sql.LeftOpenTransactions;
import org.jspecify.annotations.Nullable;

import static io.github.idgen.sql.BorrowedConnections.networkTimeout;
import static io.github.idgen.sql.BorrowedConnections.restoreQuietly;

/**
 * Runs the lease's requests on connections of the application's pool, each statement a transaction
 * of its own, and tells whether the last one reached the database.
 * <p>
 * A request's statements run with auto-commit, on a connection outside any transaction: a
 * transaction other code left open on it is rolled back first ({@link LeftOpenTransactions}), so each
 * statement is its own transaction and is committed when the server answers it. A write's "1 row
 * updated" is then proof. The connection runs the request at READ COMMITTED and with a network timeout,
 * and goes back to the pool with its settings as they came.
 */
final class LeaseRequests {

	private final DataSource dataSource;

	private final String user;

	private final int requestTimeoutMillis;

	private final AtomicLong reconnects = new AtomicLong();

	private volatile boolean connected = true;

	/**
	 * Creates the requests of one lease backend.
	 * @param dataSource the application's pool
	 * @param user who makes the requests, for logs, such as "the worker-id lease at /idgen_worker_lease/default"
	 * @param requestTimeoutMillis how long a request may wait for the database: the connection's network
	 * timeout; the statements' query timeout is that in whole seconds, at least one
	 */
	LeaseRequests(DataSource dataSource, String user, long requestTimeoutMillis) {
		this.dataSource = dataSource;
		this.user = user;
		this.requestTimeoutMillis = (int) Math.min(Integer.MAX_VALUE, requestTimeoutMillis);
	}

	/**
	 * Runs a request, and records whether it reached the database.
	 * @param request the request
	 * @return what it returned
	 * @throws SQLException what it threw
	 */
	<T> T run(Request<T> request) throws SQLException {
		try {
			T result = onLeaseConnection(request);
			if (!this.connected) {
				this.connected = true;
				this.reconnects.incrementAndGet();
			}
			return result;
		}
		catch (SQLException | RuntimeException ex) {
			this.connected = false;
			throw ex;
		}
	}

	/**
	 * Prepares a statement with the request timeout as its query timeout.
	 * @param connection the request's connection
	 * @param sql the statement
	 * @return the prepared statement, to close
	 * @throws SQLException if the connection is broken
	 */
	PreparedStatement statement(Connection connection, String sql) throws SQLException {
		PreparedStatement statement = connection.prepareStatement(sql);
		statement.setQueryTimeout(Math.max(1, this.requestTimeoutMillis / 1000));
		return statement;
	}

	/**
	 * Returns whether the last request reached the database; after a failed one, asks it.
	 * @return whether the database answers
	 */
	boolean isConnected() {
		if (!this.connected) {
			try {
				run((connection) -> connection.isValid(Math.max(1, this.requestTimeoutMillis / 1000)) ? null : failed());
			}
			catch (SQLException | RuntimeException ex) {
				return false;
			}
		}
		return this.connected;
	}

	private static @Nullable Object failed() throws SQLException {
		throw new SQLException("connection not valid");
	}

	/**
	 * Returns how often requests succeeded again after a failed one.
	 * @return the count since start
	 */
	long getReconnects() {
		return this.reconnects.get();
	}

	/**
	 * Runs a request outside any transaction, with auto-commit, READ COMMITTED and a network timeout,
	 * and gives the connection back to the pool as it was. A setting is changed only if it differs: on
	 * PostgreSQL each change and each restore is a round trip, three of every four a request made when
	 * it always set them.
	 */
	private <T> T onLeaseConnection(Request<T> request) throws SQLException {
		try (Connection connection = this.dataSource.getConnection()) {
			// the network timeout first and back last: the other settings are round trips on some drivers
			int networkTimeout = networkTimeout(connection, this.requestTimeoutMillis);
			try {
				LeftOpenTransactions.rollBack(connection, this.user);
				boolean autoCommit = connection.getAutoCommit();
				int isolation = connection.getTransactionIsolation();
				try {
					if (!autoCommit) {
						connection.setAutoCommit(true);
					}
					if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
						connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
					}
					return request.run(connection);
				}
				finally {
					restoreQuietly(() -> {
						if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
							connection.setTransactionIsolation(isolation);
						}
						if (!autoCommit) {
							connection.setAutoCommit(false);
						}
					});
				}
			}
			finally {
				restoreQuietly(() -> networkTimeout(connection, networkTimeout));
			}
		}
	}

	/** What runs on a lease connection. */
	@FunctionalInterface
	interface Request<T> {

		T run(Connection connection) throws SQLException;

	}

}
