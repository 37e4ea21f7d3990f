package io.github.idgen.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

import javax.sql.DataSource;

import io.github.idgen.sql.LeftOpenTransactions;
import io.github.idgen.sql.SqlStates;

import static io.github.idgen.sql.BorrowedConnections.restoreQuietly;

/**
 * {@link JdbcSegmentStore#createTagLike}: one {@code INSERT ... SELECT} from the template's row with
 * auto-commit. The primary key makes it safe to race: of concurrent inserts of one tag, on any of the
 * databases, one commits and the others fail with a unique-key violation (SQLSTATE class 23), which
 * here means "it exists". No isolation level matters, and no row stays locked beyond the statement.
 */
final class JdbcTagCreation {

	private static final int ATTEMPTS = 3;

	private final DataSource dataSource;

	private final String insert;

	private final String exists;

	private final String store;

	private final String table;

	private final int queryTimeoutSeconds;

	JdbcTagCreation(DataSource dataSource, String table, String store, int queryTimeoutSeconds) {
		this.dataSource = dataSource;
		this.store = store;
		this.table = table;
		this.queryTimeoutSeconds = queryTimeoutSeconds;
		// CASE rather than LEAST: the same on every database, whatever its NULL rules
		this.insert = "INSERT INTO " + table + " (tag, max_id, step, max_limit_id, version, description, update_time)"
				+ " SELECT ?, 0, CASE WHEN step > ? THEN ? ELSE step END,"
				+ " CASE WHEN max_limit_id > ? THEN ? ELSE max_limit_id END, 0, ?, CURRENT_TIMESTAMP FROM " + table
				+ " WHERE tag = ?";
		this.exists = "SELECT 1 FROM " + table + " WHERE tag = ?";
	}

	boolean createTagLike(String tag, String template, long maxLimitId, String description) {
		if (maxLimitId < 1) {
			throw new IllegalArgumentException("maxLimitId must be at least 1, was " + maxLimitId);
		}
		for (int attempt = 1;; attempt++) {
			try (Connection connection = this.dataSource.getConnection()) {
				LeftOpenTransactions.rollBack(connection, "the segment store on " + this.store);
				return insert(connection, tag, template, maxLimitId, description);
			}
			catch (SQLException ex) {
				if (attempt < ATTEMPTS && SqlStates.isSerializationFailure(ex)) {
					continue;
				}
				throw new SegmentStoreException("Could not create segment tag '" + tag + "' like '" + template + "' in "
						+ this.store + ": " + ex.getMessage(), ex);
			}
		}
	}

	private boolean insert(Connection connection, String tag, String template, long maxLimitId, String description)
			throws SQLException {
		boolean autoCommit = connection.getAutoCommit();
		if (!autoCommit) {
			connection.setAutoCommit(true);
		}
		try {
			int maxStep = (int) Math.min(Integer.MAX_VALUE, maxLimitId);
			try (PreparedStatement insert = connection.prepareStatement(this.insert)) {
				insert.setQueryTimeout(this.queryTimeoutSeconds);
				insert.setString(1, tag);
				insert.setInt(2, maxStep);
				insert.setInt(3, maxStep);
				insert.setLong(4, maxLimitId);
				insert.setLong(5, maxLimitId);
				insert.setString(6, description);
				insert.setString(7, template);
				if (insert.executeUpdate() == 1) {
					return true;
				}
			}
			catch (SQLException ex) {
				if (SqlStates.isIntegrityConstraintViolation(ex)) {
					// another caller created it first
					return false;
				}
				throw ex;
			}
			// no template row: fine only if the tag exists
			if (!exists(connection, tag)) {
				throw new UnknownSegmentTagException(template, this.store, AddTagCommands.sqlInsert(this.table, template));
			}
			return false;
		}
		finally {
			if (!autoCommit) {
				restoreQuietly(() -> connection.setAutoCommit(false));
			}
		}
	}

	/** Whether the tag's row exists, on a connection of its own. */
	boolean exists(String tag) {
		try (Connection connection = this.dataSource.getConnection()) {
			return exists(connection, tag);
		}
		catch (SQLException ex) {
			throw new SegmentStoreException("Could not look for segment tag '" + tag + "' in " + this.store + ": "
					+ ex.getMessage(), ex);
		}
	}

	private boolean exists(Connection connection, String tag) throws SQLException {
		try (PreparedStatement select = connection.prepareStatement(this.exists)) {
			select.setQueryTimeout(this.queryTimeoutSeconds);
			select.setString(1, tag);
			try (ResultSet row = select.executeQuery()) {
				return row.next();
			}
		}
	}

}
