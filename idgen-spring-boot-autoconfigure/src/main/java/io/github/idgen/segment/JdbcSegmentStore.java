package io.github.idgen.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.regex.Pattern;

import javax.sql.DataSource;

/**
 * The {@link SegmentStore} on a table of a JDBC database (PostgreSQL, MySQL/MariaDB, H2):
 * {@code idgen_segment(tag, max_id, step, max_limit_id, version, description, update_time)}.
 * <p>
 * One allocation is one transaction on one connection: {@code SELECT ... FOR UPDATE} locks the
 * tag's row, {@code UPDATE} moves {@code max_id}, {@code COMMIT}. The same two statements work on
 * every supported database (H2 and MariaDB have no {@code UPDATE ... RETURNING}). The connection's
 * isolation is set to READ COMMITTED for the transaction: under REPEATABLE READ PostgreSQL fails
 * most concurrent allocations with serialization errors. Its auto-commit and isolation are put
 * back before it returns to the pool.
 */
public final class JdbcSegmentStore implements SegmentStore {

	private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

	private final DataSource dataSource;

	private final String table;

	private final String selectForUpdate;

	private final String update;

	/**
	 * Creates a store on a table.
	 * @param dataSource where the table is
	 * @param table the table's name, optionally with a schema ({@code schema.table})
	 * @throws IllegalArgumentException if the name is not a plain SQL identifier
	 */
	public JdbcSegmentStore(DataSource dataSource, String table) {
		if (!TABLE_NAME.matcher(table).matches()) {
			throw new IllegalArgumentException("Segment table name '" + table
					+ "' is not a plain SQL identifier (letters, digits, '_', optionally schema.table)");
		}
		this.dataSource = dataSource;
		this.table = table;
		this.selectForUpdate = "SELECT max_id, step, max_limit_id FROM " + table + " WHERE tag = ? FOR UPDATE";
		this.update = "UPDATE " + table
				+ " SET max_id = ?, version = version + 1, update_time = CURRENT_TIMESTAMP WHERE tag = ? AND max_id = ?";
	}

	@Override
	public String describe() {
		return "table " + this.table;
	}

	@Override
	public SegmentRange allocate(String tag, int requestedStep) {
		if (requestedStep < 1) {
			throw new IllegalArgumentException("requestedStep must be at least 1, was " + requestedStep);
		}
		try (Connection connection = this.dataSource.getConnection()) {
			boolean autoCommit = connection.getAutoCommit();
			int isolation = connection.getTransactionIsolation();
			try {
				connection.setAutoCommit(false);
				if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
					connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
				}
				SegmentRange range = allocateInTransaction(connection, tag, requestedStep);
				// only a commit that returned makes the range ours; if it throws, the outcome is unknown
				connection.commit();
				return range;
			}
			catch (SQLException | RuntimeException ex) {
				rollbackQuietly(connection);
				throw ex;
			}
			finally {
				restoreQuietly(connection, autoCommit, isolation);
			}
		}
		catch (SQLException ex) {
			throw new SegmentStoreException("Could not allocate a range of segment tag '" + tag + "' from " + describe()
					+ ": " + ex.getMessage(), ex);
		}
	}

	private SegmentRange allocateInTransaction(Connection connection, String tag, int requestedStep) throws SQLException {
		long maxId;
		int rowStep;
		long maxLimitId;
		try (PreparedStatement select = connection.prepareStatement(this.selectForUpdate)) {
			select.setString(1, tag);
			try (ResultSet row = select.executeQuery()) {
				if (!row.next()) {
					throw new UnknownSegmentTagException(tag, describe());
				}
				maxId = row.getLong(1);
				rowStep = row.getInt(2);
				maxLimitId = row.getLong(3);
			}
		}
		if (rowStep < 1 || maxId < 0) {
			// a row to repair, not an unreachable store: waiting and retrying would not help
			throw new IllegalStateException("Segment tag '" + tag + "' in " + describe() + " has step " + rowStep
					+ " and max_id " + maxId + "; step must be at least 1 and max_id at least 0");
		}
		if (maxId >= maxLimitId) {
			throw new SegmentTagExhaustedException(tag, maxLimitId, describe());
		}
		long step = Math.max(requestedStep, rowStep);
		// never past max_limit_id: the last range of a tag may be shorter than its step
		long newMaxId = (maxLimitId - maxId <= step) ? maxLimitId : maxId + step;
		try (PreparedStatement update = connection.prepareStatement(this.update)) {
			update.setLong(1, newMaxId);
			update.setString(2, tag);
			update.setLong(3, maxId);
			int updated = update.executeUpdate();
			if (updated != 1) {
				throw new SQLException("row of tag '" + tag + "' in " + describe() + " changed under its row lock ("
						+ updated + " rows updated)");
			}
		}
		return new SegmentRange(tag, maxId + 1, newMaxId, rowStep, maxLimitId);
	}

	private static void rollbackQuietly(Connection connection) {
		try {
			connection.rollback();
		}
		catch (SQLException ex) {
			// the connection is broken; the pool discards it, and the server rolls back on its own
		}
	}

	private static void restoreQuietly(Connection connection, boolean autoCommit, int isolation) {
		try {
			if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
				connection.setTransactionIsolation(isolation);
			}
			connection.setAutoCommit(autoCommit);
		}
		catch (SQLException ex) {
			// a broken connection; nothing to put back
		}
	}

}
