package io.github.idgen.testsupport;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * A PostgreSQL role whose sessions run with {@code synchronous_commit = off} (an acknowledged commit
 * may be lost in a crash), and a trigger that records, inside every update of a table, the setting the
 * updating transaction commits with.
 */
public final class SynchronousCommitOff {

	/** The role; a superuser of the test server, so that it may create tables. */
	public static final String ROLE = "idgen_async";

	private static final String SEEN = "idgen_commit_setting_seen";

	private SynchronousCommitOff() {
	}

	/**
	 * Builds a small pool that connects as {@link #ROLE}, creating the role if it is missing.
	 * @param server the server
	 * @return the pool, to close
	 */
	public static HikariDataSource pool(PostgresServer server) {
		server.execute("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '" + ROLE + "') THEN"
				+ " CREATE ROLE " + ROLE + " LOGIN SUPERUSER; END IF; END $$",
				"ALTER ROLE " + ROLE + " SET synchronous_commit = off");
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(server.jdbcUrl());
		config.setUsername(ROLE);
		config.setMaximumPoolSize(2);
		config.setMinimumIdle(0);
		config.setConnectionTimeout(1000);
		return new HikariDataSource(config);
	}

	/**
	 * Makes every update of a table record the {@code synchronous_commit} its transaction runs with.
	 * @param server the server
	 * @param table the table
	 */
	public static void recordOnUpdate(PostgresServer server, String table) {
		server.execute("CREATE TABLE IF NOT EXISTS " + SEEN + " (tbl TEXT, setting TEXT)",
				"CREATE OR REPLACE FUNCTION idgen_record_commit_setting() RETURNS trigger AS $$ BEGIN INSERT INTO "
						+ SEEN + " VALUES (TG_TABLE_NAME, current_setting('synchronous_commit')); RETURN NEW; END $$"
						+ " LANGUAGE plpgsql",
				"CREATE TRIGGER idgen_record_commit_setting BEFORE UPDATE ON " + table
						+ " FOR EACH ROW EXECUTE FUNCTION idgen_record_commit_setting()");
	}

	/**
	 * Returns the settings recorded for a table's updates, in no particular order.
	 * @param server the server
	 * @param table the table
	 * @return one setting per updated row
	 * @throws SQLException if the server fails
	 */
	public static List<String> recorded(PostgresServer server, String table) throws SQLException {
		List<String> settings = new ArrayList<>();
		try (Connection connection = server.connect(); Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT setting FROM " + SEEN + " WHERE tbl = '" + table + "'")) {
			while (rows.next()) {
				settings.add(rows.getString(1));
			}
		}
		return settings;
	}

	/**
	 * Returns the role's own setting, as a session of it sees it.
	 * @param pool a pool of the role
	 * @return {@code off}
	 * @throws SQLException if the server fails
	 */
	public static String sessionSetting(HikariDataSource pool) throws SQLException {
		try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement();
				ResultSet row = statement.executeQuery("SHOW synchronous_commit")) {
			row.next();
			return row.getString(1);
		}
	}

}
