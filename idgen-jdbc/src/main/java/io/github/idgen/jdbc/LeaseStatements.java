package io.github.idgen.jdbc;

/**
 * The lease's statements on one table that depend on the database in use and on the table's shape.
 * <p>
 * On PostgreSQL each write also pins {@code synchronous_commit} on for its own transaction: a role or
 * database with it off acknowledges commits that a crash can lose, and a lost claim, renewal or mark
 * would let two instances hold one worker id. {@code set_config(..., true)} in the statement itself
 * lasts until the end of that statement's transaction, whose commit then waits for its log to be
 * flushed (and for synchronous standbys): no extra round trip, and the session keeps its setting.
 * MySQL and MariaDB have no such setting for a session (see docs/jdbc-lease.md).
 * <p>
 * A table made by an earlier version has no {@code mark_ahead_millis}: its marks are written and read
 * without it.
 *
 * @param selectRow reads a row: holder, instance name, version, mark, how far ahead (0 without the
 * column); group, node id
 * @param claim claims a row: holder, instance name, mark, how far ahead (only with the column); group,
 * node id, version read, takeover (1 or 0)
 * @param renew raises the version of a row the holder holds: group, node id, holder
 * @param writeMark raises the mark of a row the holder holds, at the version read: mark, how far ahead
 * (only with the column); group, node id, version, holder
 * @param giveBack frees a row the holder holds: group, node id, holder
 * @param markAhead whether the table has {@code mark_ahead_millis}
 */
record LeaseStatements(String selectRow, String claim, String renew, String writeMark, String giveBack,
		boolean markAhead) {

	/** The column that says how far ahead of its writer's clock a mark was written. */
	static final String MARK_AHEAD_COLUMN = "mark_ahead_millis";

	/**
	 * Builds the statements for a table.
	 * @param table the table's name
	 * @param postgres whether the database is PostgreSQL
	 * @param markAhead whether the table has {@link #MARK_AHEAD_COLUMN}
	 * @return the statements
	 */
	static LeaseStatements of(String table, boolean postgres, boolean markAhead) {
		String durable = postgres ? " FROM (SELECT set_config('synchronous_commit', 'on', true)) AS durable" : "";
		String row = " WHERE lease_group = ? AND node_id = ?";
		String touched = "version = version + 1, update_time = CURRENT_TIMESTAMP";
		String mark = markAhead ? "mark_millis = ?, " + MARK_AHEAD_COLUMN + " = ?, " : "mark_millis = ?, ";
		return new LeaseStatements(
				"SELECT holder, instance_name, version, mark_millis, " + (markAhead ? MARK_AHEAD_COLUMN : "0") + " FROM "
						+ table + row,
				// a held row is claimed only when the caller saw its version stand still for a whole lease timeout
				"UPDATE " + table + " SET holder = ?, instance_name = ?, " + mark + touched + durable + row
						+ " AND version = ? AND (holder IS NULL OR 1 = ?)",
				"UPDATE " + table + " SET " + touched + durable + row + " AND holder = ?",
				"UPDATE " + table + " SET " + mark + touched + durable + row + " AND version = ? AND holder = ?",
				"UPDATE " + table + " SET holder = NULL, " + touched + durable + row + " AND holder = ?", markAhead);
	}

}
