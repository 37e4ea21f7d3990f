package io.github.idgen.jdbc.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.Consumer;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentTagExhaustedException;
import io.github.idgen.segment.UnknownSegmentTagException;

import static io.github.idgen.sql.BorrowedConnections.restoreQuietly;

/**
 * The allocation of {@link JdbcSegmentStore} that works on every database and every row: one
 * transaction at READ COMMITTED that locks the tag's row ({@code SELECT ... FOR UPDATE}), moves
 * {@code max_id} ({@code UPDATE ... WHERE max_id = <the value read>}) and commits.
 * <p>
 * On a table of Leaf's ({@link SegmentTableColumns}) only the columns the table has are named, and
 * {@code max_id} is the next id to issue: a range that moves it from {@code a} to {@code b} is
 * {@code a..b-1}, as a Leaf server serves it (it adds the step, reads the row back and serves
 * {@code [max_id - step, max_id)}). A Leaf server's {@code UPDATE} on the row waits for this
 * transaction's row lock and then adds to the value committed here, and the other way round, so
 * neither side's range overlaps the other's. Id 0, which a Leaf row that starts at 0 would serve, is
 * never issued (ids are positive): the range then starts at 1.
 */
final class RowLockAllocation {

	private final String selectForUpdate;

	/** PostgreSQL's: the transaction's isolation and durable commit with the row lock, one round trip. */
	private final String readCommittedSelectForUpdate;

	private final String update;

	/** Whether max_id is the next id to issue (Leaf's reading) rather than the last one issued. */
	private final boolean nextIdInMaxId;

	private RowLockAllocation(String selectForUpdate, String update, boolean nextIdInMaxId, String postgresPrefix) {
		this.selectForUpdate = selectForUpdate;
		this.readCommittedSelectForUpdate = postgresPrefix + selectForUpdate;
		this.update = update;
		this.nextIdInMaxId = nextIdInMaxId;
	}

	/** On idgen's own table: every column, so that the composition columns are read where present. */
	static RowLockAllocation ownTable(String table, String postgresPrefix) {
		return new RowLockAllocation("SELECT * FROM " + table + " WHERE tag = ? FOR UPDATE",
				"UPDATE " + table + " SET max_id = ?, version = version + 1, update_time = CURRENT_TIMESTAMP"
						+ " WHERE tag = ? AND max_id = ?",
				false, postgresPrefix);
	}

	/** On a table of Leaf's shape: the columns it has, and Leaf's reading of max_id. */
	static RowLockAllocation foreignTable(String table, SegmentTableColumns columns, String postgresPrefix) {
		StringBuilder select = new StringBuilder("SELECT max_id, step");
		for (String optional : new String[] { "max_limit_id", "business_id", "business_bits", "shard_bits" }) {
			if (columns.has(optional)) {
				select.append(", ").append(optional);
			}
		}
		select.append(" FROM ").append(table).append(" WHERE ").append(columns.tagColumn()).append(" = ? FOR UPDATE");
		String update = "UPDATE " + table + " SET max_id = ?" + (columns.has("version") ? ", version = version + 1" : "")
				+ (columns.has("update_time") ? ", update_time = CURRENT_TIMESTAMP" : "") + " WHERE "
				+ columns.tagColumn() + " = ? AND max_id = ?";
		return new RowLockAllocation(select.toString(), update, true, postgresPrefix);
	}

	/**
	 * Takes a range in one transaction.
	 * @param seen told of the row read, before the range is computed
	 */
	SegmentRange allocate(Connection connection, String tag, long requestedStep, boolean exactly, boolean onPostgres,
			int queryTimeoutSeconds, String store, String howToAddTag, Consumer<JdbcSegmentRow> seen) throws SQLException {
		boolean autoCommit = connection.getAutoCommit();
		// PostgreSQL: no session isolation to read, change or put back (a round trip each); the
		// transaction's own is set in the round trip of the row lock
		int isolation = onPostgres ? Connection.TRANSACTION_READ_COMMITTED : connection.getTransactionIsolation();
		try {
			connection.setAutoCommit(false);
			if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
				connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
			}
			SegmentRange range = allocateUnderRowLock(connection, tag, requestedStep, exactly,
					onPostgres ? this.readCommittedSelectForUpdate : this.selectForUpdate, queryTimeoutSeconds, store,
					howToAddTag, seen);
			// only a commit that returned makes the range ours; if it throws, the outcome is unknown
			connection.commit();
			return range;
		}
		catch (SQLException | RuntimeException ex) {
			rollbackQuietly(connection);
			throw ex;
		}
		finally {
			restoreQuietly(() -> {
				if (isolation != Connection.TRANSACTION_READ_COMMITTED) {
					connection.setTransactionIsolation(isolation);
				}
				connection.setAutoCommit(autoCommit);
			});
		}
	}

	private SegmentRange allocateUnderRowLock(Connection connection, String tag, long requestedStep, boolean exactly,
			String lockSql, int queryTimeoutSeconds, String store, String howToAddTag, Consumer<JdbcSegmentRow> seen)
			throws SQLException {
		JdbcSegmentRow locked;
		try (PreparedStatement select = connection.prepareStatement(lockSql)) {
			select.setQueryTimeout(queryTimeoutSeconds);
			select.setString(1, tag);
			try (ResultSet row = JdbcSegmentRow.resultSetOf(select)) {
				if (!row.next()) {
					throw new UnknownSegmentTagException(tag, store, howToAddTag);
				}
				locked = JdbcSegmentRow.read(row);
				seen.accept(locked);
			}
		}
		long storedMaxId = locked.maxId();
		// Leaf's max_id is the next id to issue, so the last one issued is one below; a negative one is
		// left for check() to refuse
		long lastIssued = (this.nextIdInMaxId && storedMaxId > 0) ? storedMaxId - 1 : storedMaxId;
		JdbcSegmentRow row = new JdbcSegmentRow(lastIssued, locked.step(), locked.maxLimitId(), locked.composed(),
				locked.businessId(), locked.businessBits(), locked.shardBits());
		SegmentComposition composition = row.check(tag, store);
		int rowStep = row.step();
		long step = exactly ? requestedStep : Math.max(requestedStep, rowStep);
		// never past the last sequence whose ids stay at or below max_limit_id: the last range of a tag
		// may be shorter than its step; in Leaf's reading max_id goes one further, so one less is left
		long sequenceLimit = composition.sequenceLimit(row.maxLimitId());
		if (this.nextIdInMaxId) {
			sequenceLimit = Math.min(sequenceLimit, Long.MAX_VALUE - 1);
			if (lastIssued >= sequenceLimit) {
				throw new SegmentTagExhaustedException(tag, storedMaxId, row.maxLimitId(), store);
			}
		}
		long lastId = (sequenceLimit - lastIssued <= step) ? sequenceLimit : lastIssued + step;
		try (PreparedStatement update = connection.prepareStatement(this.update)) {
			update.setQueryTimeout(queryTimeoutSeconds);
			update.setLong(1, this.nextIdInMaxId ? lastId + 1 : lastId);
			update.setString(2, tag);
			update.setLong(3, storedMaxId);
			int updated = update.executeUpdate();
			if (updated != 1) {
				throw new SQLException("row of tag '" + tag + "' in " + store + " changed under its row lock (" + updated
						+ " rows updated)");
			}
		}
		return new SegmentRange(tag, lastIssued + 1, lastId, rowStep, row.maxLimitId(), composition);
	}

	private static void rollbackQuietly(Connection connection) {
		try {
			connection.rollback();
		}
		catch (SQLException ex) {
			// the connection is broken; the pool discards it, and the server rolls back on its own
		}
	}

}
