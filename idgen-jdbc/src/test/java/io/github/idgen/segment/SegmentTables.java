package io.github.idgen.segment;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import javax.sql.DataSource;

/**
 * Creates the segment table from the shipped schema scripts and manages tag rows, for tests.
 */
final class SegmentTables {

	static final String TABLE = "idgen_segment";

	private static final AtomicInteger tags = new AtomicInteger();

	private SegmentTables() {
	}

	/** A tag name no other test uses. */
	static String uniqueTag(String prefix) {
		return prefix + "-" + tags.incrementAndGet() + "-" + ProcessHandle.current().pid();
	}

	/** Runs the shipped schema script for the database behind {@code dataSource}. */
	static void createTable(DataSource dataSource) {
		try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(schema(connection.getMetaData().getDatabaseProductName()));
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	static String schema(String productName) {
		String product = productName.toLowerCase(Locale.ROOT);
		String platform = product.contains("postgres") ? "postgresql"
				: (product.contains("mariadb") || product.contains("mysql")) ? "mysql" : "h2";
		try (InputStream in = SegmentTables.class.getResourceAsStream("/io/github/idgen/jdbc/segment/schema-" + platform + ".sql")) {
			String script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
			return script.lines()
				.filter((line) -> !line.startsWith("--"))
				.collect(Collectors.joining("\n"))
				.replace(";", "");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static void insertTag(DataSource dataSource, String tag, long maxId, int step, long maxLimitId) {
		update(dataSource, "INSERT INTO " + TABLE + " (tag, max_id, step, max_limit_id, description) VALUES (?, ?, ?, ?, 'test')",
				tag, maxId, step, maxLimitId);
	}

	static void insertTag(DataSource dataSource, String tag, int step) {
		insertTag(dataSource, tag, 0, step, Long.MAX_VALUE);
	}

	static void update(DataSource dataSource, String sql, Object... arguments) {
		try (Connection connection = dataSource.getConnection(); PreparedStatement statement = connection.prepareStatement(sql)) {
			for (int i = 0; i < arguments.length; i++) {
				statement.setObject(i + 1, arguments[i]);
			}
			statement.executeUpdate();
			if (!connection.getAutoCommit()) {
				connection.commit();
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Locks a tag's row as an instance stalled in the middle of its allocation would: a transaction
	 * that took the row lock and does not end.
	 * @return the connection that holds the lock; closing it (or rolling back) releases the lock
	 */
	static Connection lockRow(DataSource dataSource, String tag) {
		try {
			Connection connection = dataSource.getConnection();
			connection.setAutoCommit(false);
			try (PreparedStatement lock = connection.prepareStatement("SELECT max_id FROM " + TABLE + " WHERE tag = ? FOR UPDATE")) {
				lock.setString(1, tag);
				lock.executeQuery().close();
			}
			return connection;
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	static long maxId(DataSource dataSource, String tag) {
		return maxIdAndVersion(dataSource, tag)[0];
	}

	/** A tag's {@code max_id} and {@code version}, read together. */
	static long[] maxIdAndVersion(DataSource dataSource, String tag) {
		try (Connection connection = dataSource.getConnection();
				PreparedStatement statement = connection.prepareStatement("SELECT max_id, version FROM " + TABLE + " WHERE tag = ?")) {
			statement.setString(1, tag);
			try (ResultSet row = statement.executeQuery()) {
				row.next();
				return new long[] { row.getLong(1), row.getLong(2) };
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** The columns of a row a period's creation sets. */
	record Row(long maxId, int step, long maxLimitId) {
	}

	static Row row(DataSource dataSource, String tag) {
		try (Connection connection = dataSource.getConnection(); PreparedStatement statement = connection
			.prepareStatement("SELECT max_id, step, max_limit_id FROM " + TABLE + " WHERE tag = ?")) {
			statement.setString(1, tag);
			try (ResultSet row = statement.executeQuery()) {
				if (!row.next()) {
					throw new IllegalStateException("no row of tag " + tag);
				}
				return new Row(row.getLong(1), row.getInt(2), row.getLong(3));
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/** How many rows the table has whose tag starts with a prefix. */
	static int countRows(DataSource dataSource, String tagPrefix) {
		try (Connection connection = dataSource.getConnection(); PreparedStatement statement = connection
			.prepareStatement("SELECT COUNT(*) FROM " + TABLE + " WHERE tag LIKE ?")) {
			statement.setString(1, tagPrefix + "%");
			try (ResultSet row = statement.executeQuery()) {
				row.next();
				return row.getInt(1);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
