package io.github.idgen.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import io.github.idgen.lease.NodeIdRange;
import io.github.idgen.sql.SqlStates;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SQL of the lease table: its reads for one lease group, creating the table and the rows of a
 * range when they are missing, and then the writes as the database needs them ({@link LeaseStatements}).
 * Every statement names its table and group, so that services sharing a table never share a row.
 */
final class LeaseTable {

	private static final Logger logger = LoggerFactory.getLogger(LeaseTable.class);

	/** Table name unless another is set. */
	static final String DEFAULT_TABLE = "idgen_worker_lease";

	private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

	private static final String SCRIPTS = "io/github/idgen/jdbc/schema-";

	final String table;

	final String group;

	final String selectRows;

	final String selectNamed;

	/** The group was checked where it was set ({@code leaseGroup}); the table name is checked here. */
	LeaseTable(String table, String group) {
		if (!TABLE_NAME.matcher(table).matches()) {
			throw new IllegalArgumentException("The lease table name must be an SQL identifier, optionally qualified by a"
					+ " schema (letters, digits and _), such as 'idgen_worker_lease', was '" + table + "'");
		}
		this.table = table;
		this.group = group;
		this.selectRows = "SELECT node_id, holder, version FROM " + table
				+ " WHERE lease_group = ? AND node_id BETWEEN ? AND ?";
		this.selectNamed = "SELECT node_id FROM " + table + " WHERE lease_group = ? AND instance_name IS NOT NULL";
	}

	/**
	 * Creates the table if it is missing and {@code create} allows it, then inserts the rows of the range
	 * that are missing. Idempotent, and safe when several instances start at once.
	 * @return the writes, as this database needs them
	 */
	LeaseStatements prepare(Connection connection, LeaseSchemaInitialization initialization, NodeIdRange range)
			throws SQLException {
		DatabaseMetaData metaData = connection.getMetaData();
		boolean create = switch (initialization) {
			case ALWAYS -> true;
			case EMBEDDED -> isEmbedded(metaData.getDatabaseProductName());
			case NEVER -> false;
		};
		if (!exists(connection, "node_id")) {
			String script = script(metaData.getDatabaseProductName());
			if (!create) {
				throw new LeaseTableMissingException(this.table, describe(metaData), script, null);
			}
			try (Statement statement = connection.createStatement()) {
				statement.execute(load(script).replace(DEFAULT_TABLE, this.table));
			}
			catch (SQLException ex) {
				// another instance may have created it at the same moment
				if (!exists(connection, "node_id")) {
					throw ex;
				}
			}
		}
		insertMissingRows(connection, range.first(), range.last());
		boolean postgres = metaData.getDatabaseProductName().toLowerCase(Locale.ROOT).contains("postgres");
		return LeaseStatements.of(this.table, postgres, hasMarkAheadColumn(connection, create));
	}

	/**
	 * Returns whether the table has {@code mark_ahead_millis}; a table made by an earlier version has
	 * not. idgen adds it where it may create the table, and otherwise works without it, with a warning
	 * that names the statement that adds it.
	 */
	private boolean hasMarkAheadColumn(Connection connection, boolean create) throws SQLException {
		String column = LeaseStatements.MARK_AHEAD_COLUMN;
		if (exists(connection, column)) {
			return true;
		}
		String addColumn = "ALTER TABLE " + this.table + " ADD COLUMN " + column + " BIGINT NOT NULL DEFAULT 0";
		if (create) {
			try (Statement statement = connection.createStatement()) {
				statement.execute(addColumn);
			}
			catch (SQLException ex) {
				// another instance may have added it at the same moment
				if (!exists(connection, column)) {
					throw ex;
				}
			}
			return true;
		}
		logger.warn("The worker-id lease table {} has no column {}: it was made by an earlier version of idgen."
				+ " Leases work without it, but a reader then assumes that every mark was written its own mark"
				+ " interval ahead, so while instances run with different mark intervals the clock lag they report"
				+ " (log and idgen.clock.lag) is wrong. Add it: {}", this.table, column, addColumn);
		return false;
	}

	private boolean exists(Connection connection, String column) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			statement.executeQuery("SELECT " + column + " FROM " + this.table + " WHERE 1 = 0").close();
			return true;
		}
		catch (SQLException ex) {
			if (!connection.getAutoCommit()) {
				connection.rollback();
			}
			return false;
		}
	}

	private void insertMissingRows(Connection connection, int first, int last) throws SQLException {
		Set<Integer> present = new HashSet<>();
		try (PreparedStatement select = connection.prepareStatement(this.selectRows)) {
			select.setString(1, this.group);
			select.setInt(2, first);
			select.setInt(3, last);
			try (ResultSet rows = select.executeQuery()) {
				while (rows.next()) {
					present.add(rows.getInt(1));
				}
			}
		}
		String insert = "INSERT INTO " + this.table + " (lease_group, node_id, version, mark_millis) VALUES (?, ?, 0, 0)";
		try (PreparedStatement statement = connection.prepareStatement(insert)) {
			for (int nodeId = first; nodeId <= last; nodeId++) {
				if (present.contains(nodeId)) {
					continue;
				}
				statement.setString(1, this.group);
				statement.setInt(2, nodeId);
				try {
					statement.executeUpdate();
				}
				catch (SQLException ex) {
					// a row another instance inserted first
					if (!SqlStates.isIntegrityConstraintViolation(ex)) {
						throw ex;
					}
				}
			}
		}
	}

	/**
	 * Returns the classpath location of the script for a database.
	 * @param productName the JDBC product name
	 */
	static String script(String productName) {
		String product = productName.toLowerCase(Locale.ROOT);
		if (product.contains("postgres")) {
			return SCRIPTS + "postgresql.sql";
		}
		if (product.contains("mysql") || product.contains("mariadb")) {
			return SCRIPTS + "mysql.sql";
		}
		if (product.equals("h2")) {
			return SCRIPTS + "h2.sql";
		}
		throw new IllegalStateException("idgen has no lease table script for " + productName
				+ "; create the table as the PostgreSQL script (classpath:" + SCRIPTS
				+ "postgresql.sql) describes, with this database's types");
	}

	private static boolean isEmbedded(String productName) {
		String product = productName.toLowerCase(Locale.ROOT);
		return product.equals("h2") || product.startsWith("hsql") || product.contains("derby");
	}

	private static String describe(DatabaseMetaData metaData) throws SQLException {
		return metaData.getDatabaseProductName() + " at " + metaData.getURL();
	}

	private static String load(String script) {
		try (InputStream in = LeaseTable.class.getClassLoader().getResourceAsStream(script)) {
			if (in == null) {
				throw new IllegalStateException("classpath:" + script + " is missing from idgen's jar");
			}
			StringBuilder sql = new StringBuilder();
			for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
				if (!line.startsWith("--")) {
					sql.append(line).append('\n');
				}
			}
			return sql.toString().trim();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
