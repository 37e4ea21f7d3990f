package io.github.idgen.sql;

import java.sql.Connection;
import java.sql.SQLException;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ends a transaction that other code left open on a connection of the pool, before a request of
 * ours runs on it.
 * <p>
 * Code that runs SQL {@code BEGIN} or {@code START TRANSACTION} on a connection with auto-commit, and
 * gives it back without {@code COMMIT}, leaves the session inside a transaction, and the connection
 * still reports auto-commit: PostgreSQL's and MariaDB's drivers both do, and HikariCP does not roll
 * back a connection that reports auto-commit when it comes back. A statement run there joins that
 * transaction. "1 row updated" then proves nothing, since nothing is committed, and the server rolls
 * it all back when the connection dies. So a request rolls such a transaction back first (what the
 * server does when the connection closes: the other code's uncommitted work is lost either way), and
 * then runs its statement with auto-commit, as a transaction of its own that is committed when the
 * server answers.
 * <p>
 * Cost: PostgreSQL's and MariaDB's drivers know from each answer of the server whether a
 * transaction is open (PostgreSQL's ReadyForQuery status, MariaDB's server status flags), and they
 * are asked: no round trip on a connection outside a transaction, one {@code ROLLBACK} on a connection
 * inside one. With any other driver (H2, MySQL Connector/J) the JDBC way: auto-commit off, rollback,
 * auto-commit on, which is right on every driver and costs what the driver makes it cost (nothing on
 * an embedded H2). The other way, an explicit transaction around each statement, would cost a
 * {@code COMMIT} round trip per statement on every driver, and on MariaDB two more to switch auto-commit
 * off and on.
 */
public final class LeftOpenTransactions {

	private static final Logger logger = LoggerFactory.getLogger(LeftOpenTransactions.class);

	private static final boolean PGJDBC = isPresent("org.postgresql.core.BaseConnection");

	private static final boolean MARIADB = isPresent("org.mariadb.jdbc.Connection");

	private LeftOpenTransactions() {
	}

	/**
	 * Rolls back the transaction the connection's session is inside, if there is one, and logs a
	 * warning when the driver can tell that there was.
	 * @param connection a connection just borrowed from the pool
	 * @param user who borrowed it, for the warning, such as {@code "the worker-id lease at /idgen_worker_lease/default"}
	 * @throws SQLException if the connection is broken
	 */
	public static void rollBack(Connection connection, String user) throws SQLException {
		Boolean open = isOpenOnServer(connection);
		if (Boolean.FALSE.equals(open)) {
			return;
		}
		if (connection.getAutoCommit()) {
			// a rollback needs auto-commit off (PostgreSQL's driver refuses it otherwise); switched back only
			// after it, since switching auto-commit on commits
			connection.setAutoCommit(false);
			connection.rollback();
			connection.setAutoCommit(true);
		}
		else {
			connection.rollback();
		}
		if (open != null) {
			logger.warn("A connection of the pool was inside a transaction that other code opened (SQL BEGIN or START"
					+ " TRANSACTION on a connection with auto-commit) and did not end before giving the connection back."
					+ " Rolled it back before {} used the connection; its uncommitted changes are lost, as they would"
					+ " be when the connection closes. Find the code that gives connections back inside a transaction.",
					user);
		}
	}

	/**
	 * Returns what the server last told the driver: whether the session is inside a transaction.
	 * @return {@code null} if the driver does not say
	 */
	private static @Nullable Boolean isOpenOnServer(Connection connection) throws SQLException {
		try {
			Boolean open = PGJDBC ? PostgresDriver.isOpen(connection) : null;
			return (open == null && MARIADB) ? MariaDbDriver.isOpen(connection) : open;
		}
		catch (LinkageError ex) {
			// another version of the driver than the one this was built against: ask the JDBC way
			return null;
		}
	}

	private static boolean isPresent(String className) {
		try {
			Class.forName(className, false, LeftOpenTransactions.class.getClassLoader());
			return true;
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return false;
		}
	}

	/** Loaded only when PostgreSQL's driver is on the class path. */
	private static final class PostgresDriver {

		static @Nullable Boolean isOpen(Connection connection) throws SQLException {
			if (!connection.isWrapperFor(org.postgresql.core.BaseConnection.class)) {
				return null;
			}
			return connection.unwrap(org.postgresql.core.BaseConnection.class)
				.getTransactionState() != org.postgresql.core.TransactionState.IDLE;
		}

	}

	/** Loaded only when MariaDB's driver is on the class path. */
	private static final class MariaDbDriver {

		static @Nullable Boolean isOpen(Connection connection) throws SQLException {
			if (!connection.isWrapperFor(org.mariadb.jdbc.Connection.class)) {
				return null;
			}
			int status = connection.unwrap(org.mariadb.jdbc.Connection.class).getContext().getServerStatus();
			return (status & org.mariadb.jdbc.util.constants.ServerStatus.IN_TRANSACTION) != 0;
		}

	}

}
