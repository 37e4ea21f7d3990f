package io.github.idgen.testsupport;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Reads single values for assertions.
 */
public final class DatabaseServerAssertions {

	private DatabaseServerAssertions() {
	}

	/**
	 * Runs a query that returns one row with one number.
	 * @param server the server
	 * @param sql the query
	 * @return the number
	 * @throws SQLException if the query fails
	 */
	public static long singleLong(DatabaseServer server, String sql) throws SQLException {
		try (Connection connection = server.connect(); Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery(sql)) {
			if (!result.next()) {
				throw new SQLException("no row from " + sql);
			}
			return result.getLong(1);
		}
	}

}
