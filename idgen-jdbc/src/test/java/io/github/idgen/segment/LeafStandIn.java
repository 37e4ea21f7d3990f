package io.github.idgen.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.sql.DataSource;

/**
 * A stand-in for a Leaf server's segment allocation on Leaf's own table, written from what Leaf's
 * segment mode does (no code of Leaf's): in one transaction at the connection's default isolation,
 * {@code UPDATE leaf_alloc SET max_id = max_id + step WHERE biz_tag = ?} (or {@code + ?}, its dynamic
 * step), then {@code SELECT biz_tag, max_id, step FROM leaf_alloc WHERE biz_tag = ?}, commit; the
 * range it serves is {@code [max_id - step, max_id)} of the row read back.
 */
final class LeafStandIn {

	static final String TABLE = "leaf_alloc";

	private LeafStandIn() {
	}

	/** Creates Leaf's table as Leaf's own DDL has it, if it is not there yet. */
	static void createTable(DataSource dataSource) {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			boolean postgres = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
			statement.execute(postgres ? "CREATE TABLE IF NOT EXISTS leaf_alloc (biz_tag VARCHAR(128) NOT NULL DEFAULT '',"
					+ " max_id BIGINT NOT NULL DEFAULT 1, step INT NOT NULL, description VARCHAR(256) DEFAULT NULL,"
					+ " update_time TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, PRIMARY KEY (biz_tag))"
					: "CREATE TABLE IF NOT EXISTS leaf_alloc (biz_tag VARCHAR(128) NOT NULL DEFAULT '',"
							+ " max_id BIGINT(20) NOT NULL DEFAULT '1', step INT(11) NOT NULL, description VARCHAR(256) DEFAULT NULL,"
							+ " update_time TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,"
							+ " PRIMARY KEY (biz_tag)) ENGINE=InnoDB");
			if (!connection.getAutoCommit()) {
				connection.commit();
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** Adds a tag as Leaf's documentation does: max_id from 1. */
	static void insertTag(DataSource dataSource, String tag, long maxId, int step) {
		SegmentTables.update(dataSource, "INSERT INTO leaf_alloc (biz_tag, max_id, step, description) VALUES (?, ?, ?, 'test')",
				tag, maxId, step);
	}

	static long maxId(DataSource dataSource, String tag) {
		try (Connection connection = dataSource.getConnection();
				PreparedStatement select = connection.prepareStatement("SELECT max_id FROM leaf_alloc WHERE biz_tag = ?")) {
			select.setString(1, tag);
			try (ResultSet row = select.executeQuery()) {
				row.next();
				return row.getLong(1);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Takes one range as a Leaf server does.
	 * @param customStep Leaf's dynamic step, or 0 for the row's step
	 * @return the first id and one past the last, as Leaf serves them
	 */
	static long[] takeRange(Connection connection, String tag, int customStep) throws SQLException {
		connection.setAutoCommit(false);
		try {
			try (PreparedStatement update = connection.prepareStatement((customStep > 0)
					? "UPDATE leaf_alloc SET max_id = max_id + ? WHERE biz_tag = ?"
					: "UPDATE leaf_alloc SET max_id = max_id + step WHERE biz_tag = ?")) {
				int index = 1;
				if (customStep > 0) {
					update.setInt(index++, customStep);
				}
				update.setString(index, tag);
				update.executeUpdate();
			}
			long maxId;
			int step;
			try (PreparedStatement select = connection.prepareStatement(
					"SELECT biz_tag, max_id, step FROM leaf_alloc WHERE biz_tag = ?")) {
				select.setString(1, tag);
				try (ResultSet row = select.executeQuery()) {
					row.next();
					maxId = row.getLong("max_id");
					step = row.getInt("step");
				}
			}
			connection.commit();
			// Leaf's buffer step is the one it added: the row's, or its dynamic step
			int added = (customStep > 0) ? customStep : step;
			return new long[] { maxId - added, maxId };
		}
		catch (SQLException | RuntimeException ex) {
			try {
				connection.rollback();
			}
			catch (SQLException ignored) {
				// the connection is gone; the server rolls back
			}
			throw ex;
		}
	}

	/** Serves ids as a Leaf server does, one range after the other, until it served {@code count}. */
	static List<Long> serve(DataSource pool, String tag, int customStep, int count) throws SQLException {
		List<Long> served = new ArrayList<>();
		try (Connection connection = pool.getConnection()) {
			while (served.size() < count) {
				long[] range = takeRange(connection, tag, customStep);
				for (long id = range[0]; id < range[1] && served.size() < count; id++) {
					served.add(id);
				}
			}
		}
		return served;
	}

}
