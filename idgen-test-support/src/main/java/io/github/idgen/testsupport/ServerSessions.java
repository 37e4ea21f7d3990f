package io.github.idgen.testsupport;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import javax.sql.DataSource;

/**
 * What a database server says about one of its sessions, asked from another connection: whether it
 * is inside a transaction, and ending it. And the bug these checks are for: code that opens a
 * transaction with SQL on a pooled connection with auto-commit and gives the connection back
 * without ending it, which the driver still reports as auto-commit.
 */
public final class ServerSessions {

	/** The table the code that leaves a transaction open writes to inside it. */
	public static final String LEFT_OPEN_TABLE = "idgen_left_open";

	private ServerSessions() {
	}

	/**
	 * Borrows a connection, runs {@code BEGIN} (PostgreSQL) or {@code START TRANSACTION} (MariaDB)
	 * and an insert of {@code note} into {@link #LEFT_OPEN_TABLE}, and gives the connection back to
	 * the pool without a commit.
	 * @param server the server
	 * @param pool a pool of that server
	 * @param note what the insert writes
	 * @return the session of the connection, which stays inside the transaction
	 * @throws SQLException if the server fails
	 */
	public static long leaveTransactionOpen(DatabaseServer server, DataSource pool, String note) throws SQLException {
		server.execute("CREATE TABLE IF NOT EXISTS " + LEFT_OPEN_TABLE + " (note VARCHAR(64))");
		try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute((server instanceof PostgresServer) ? "BEGIN" : "START TRANSACTION");
			statement.executeUpdate("INSERT INTO " + LEFT_OPEN_TABLE + " (note) VALUES ('" + note + "')");
			if (!connection.getAutoCommit()) {
				throw new IllegalStateException("the driver saw the transaction: this is not the bug to reproduce");
			}
			return sessionOf(server, connection);
		}
	}

	/**
	 * Returns the server's id of a connection's session.
	 * @param server the server
	 * @param connection a connection to it
	 * @return the backend process id (PostgreSQL) or connection id (MariaDB)
	 * @throws SQLException if the server fails
	 */
	public static long sessionOf(DatabaseServer server, Connection connection) throws SQLException {
		try (Statement statement = connection.createStatement();
				ResultSet row = statement.executeQuery(
						(server instanceof PostgresServer) ? "SELECT pg_backend_pid()" : "SELECT CONNECTION_ID()")) {
			row.next();
			return row.getLong(1);
		}
	}

	/**
	 * Returns whether the server has a session inside a transaction (one that wrote, on MariaDB).
	 * @param server the server
	 * @param session the session
	 * @return whether it is
	 * @throws SQLException if the server fails
	 */
	public static boolean isInsideTransaction(DatabaseServer server, long session) throws SQLException {
		String sql = (server instanceof PostgresServer)
				? "SELECT count(*) FROM pg_stat_activity WHERE pid = ? AND state LIKE 'idle in transaction%'"
				: "SELECT count(*) FROM information_schema.innodb_trx WHERE trx_mysql_thread_id = ?";
		return count(server, sql, session) > 0;
	}

	/**
	 * Returns whether a note written in a transaction left open was committed.
	 * @param server the server
	 * @param note the note
	 * @return whether another connection sees it
	 * @throws SQLException if the server fails
	 */
	public static boolean isCommitted(DatabaseServer server, String note) throws SQLException {
		return count(server, "SELECT count(*) FROM " + LEFT_OPEN_TABLE + " WHERE note = ?", note) > 0;
	}

	/**
	 * Ends a session from another connection, as a server does with a connection that died: its
	 * transaction is rolled back.
	 * @param server the server
	 * @param session the session
	 * @throws SQLException if the server fails
	 */
	public static void kill(DatabaseServer server, long session) throws SQLException {
		try (Connection connection = server.connect(); Statement statement = connection.createStatement()) {
			statement.execute((server instanceof PostgresServer) ? "SELECT pg_terminate_backend(" + session + ")"
					: "KILL " + session);
		}
	}

	private static long count(DatabaseServer server, String sql, Object argument) throws SQLException {
		try (Connection connection = server.connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setObject(1, argument);
			try (ResultSet row = statement.executeQuery()) {
				row.next();
				return row.getLong(1);
			}
		}
	}

}
