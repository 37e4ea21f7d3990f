package io.github.idgen.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;

/**
 * Settings on a connection borrowed from the application's pool, changed for one request and put
 * back before it returns: the pool hands it to other code next.
 */
public final class BorrowedConnections {

	private BorrowedConnections() {
	}

	/**
	 * Sets the connection's network timeout, if {@code millis} is not negative and differs from the
	 * current one.
	 * @param connection the connection
	 * @param millis the timeout to set, or a negative value to leave it
	 * @return the timeout before, to pass back here when the request is done; -1 if the driver has none
	 * @throws SQLException if the connection is broken
	 */
	public static int networkTimeout(Connection connection, int millis) throws SQLException {
		try {
			int before = connection.getNetworkTimeout();
			if (millis >= 0 && millis != before) {
				connection.setNetworkTimeout(Runnable::run, millis);
			}
			return before;
		}
		catch (SQLFeatureNotSupportedException ex) {
			return -1;
		}
	}

	/**
	 * Puts a setting back. On a broken connection that fails, and the pool discards the connection,
	 * so the failure is not the request's.
	 * @param restore what puts it back
	 */
	public static void restoreQuietly(SettingRestore restore) {
		try {
			restore.run();
		}
		catch (SQLException ex) {
			// broken: nothing to put back
		}
	}

	/** Puts one setting of a connection back. */
	@FunctionalInterface
	public interface SettingRestore {

		/**
		 * Puts the setting back.
		 * @throws SQLException if the connection is broken
		 */
		void run() throws SQLException;

	}

}
