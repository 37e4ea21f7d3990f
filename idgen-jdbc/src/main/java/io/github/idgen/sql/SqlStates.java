package io.github.idgen.sql;

import java.sql.SQLException;

/**
 * The SQLSTATEs idgen's statements act on, the same on PostgreSQL, MariaDB/MySQL and H2.
 */
public final class SqlStates {

	/** SQLSTATE of a deadlock or serialization failure: the statement changed nothing, try again. */
	private static final String SERIALIZATION_FAILURE = "40001";

	/** SQLSTATE class of integrity constraint violations, such as a duplicate primary key. */
	private static final String INTEGRITY_CONSTRAINT_VIOLATION_CLASS = "23";

	private SqlStates() {
	}

	/**
	 * Returns whether a statement failed on a deadlock or a serialization conflict and may be tried again.
	 * @param ex the failure
	 * @return whether its SQLSTATE is {@code 40001}
	 */
	public static boolean isSerializationFailure(SQLException ex) {
		return SERIALIZATION_FAILURE.equals(ex.getSQLState());
	}

	/**
	 * Returns whether a statement broke an integrity constraint: an insert of a key that exists.
	 * @param ex the failure
	 * @return whether its SQLSTATE is of class {@code 23}
	 */
	public static boolean isIntegrityConstraintViolation(SQLException ex) {
		String state = ex.getSQLState();
		return state != null && state.startsWith(INTEGRITY_CONSTRAINT_VIOLATION_CLASS);
	}

}
