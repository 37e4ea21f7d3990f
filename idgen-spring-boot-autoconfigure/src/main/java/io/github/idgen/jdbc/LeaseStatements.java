package io.github.idgen.jdbc;

/**
 * The lease's writes to one table, as the database in use needs them.
 * <p>
 * On PostgreSQL each write also pins {@code synchronous_commit} on for its own transaction: a role or
 * database with it off acknowledges commits that a crash can lose, and a lost claim, renewal or mark
 * would let two instances hold one worker id. {@code set_config(..., true)} in the statement itself
 * lasts until the end of that statement's transaction, whose commit then waits for its log to be
 * flushed (and for synchronous standbys): no extra round trip, and the session keeps its setting.
 * MySQL and MariaDB have no such setting for a session (see docs/jdbc-lease.md).
 *
 * @param claim claims a row: holder, instance name, mark; group, node id, version read, takeover (1 or 0)
 * @param renew raises the version of a row the holder holds: group, node id, holder
 * @param writeMark raises the mark of a row the holder holds, at the version read: mark; group, node id,
 * version, holder
 * @param giveBack frees a row the holder holds: group, node id, holder
 */
record LeaseStatements(String claim, String renew, String writeMark, String giveBack) {

	/**
	 * Builds the writes for a table.
	 * @param table the table's name
	 * @param postgres whether the database is PostgreSQL
	 * @return the statements
	 */
	static LeaseStatements of(String table, boolean postgres) {
		String durable = postgres ? " FROM (SELECT set_config('synchronous_commit', 'on', true)) AS durable" : "";
		String row = durable + " WHERE lease_group = ? AND node_id = ?";
		String touched = "version = version + 1, update_time = CURRENT_TIMESTAMP";
		// a held row is claimed only when the caller saw its version stand still for a whole lease timeout
		return new LeaseStatements(
				"UPDATE " + table + " SET holder = ?, instance_name = ?, mark_millis = ?, " + touched + row
						+ " AND version = ? AND (holder IS NULL OR 1 = ?)",
				"UPDATE " + table + " SET " + touched + row + " AND holder = ?",
				"UPDATE " + table + " SET mark_millis = ?, " + touched + row + " AND version = ? AND holder = ?",
				"UPDATE " + table + " SET holder = NULL, " + touched + row + " AND holder = ?");
	}

}
