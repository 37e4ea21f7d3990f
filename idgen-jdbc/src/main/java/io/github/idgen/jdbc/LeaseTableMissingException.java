package io.github.idgen.jdbc;

/**
 * Thrown when the worker-id lease table does not exist and idgen may not create it.
 */
public class LeaseTableMissingException extends IllegalStateException {

	private final String table;

	private final String script;

	LeaseTableMissingException(String table, String database, String script, Throwable cause) {
		super("The worker-id lease table '" + table + "' does not exist in " + database
				+ ", and idgen did not create it (schema initialization is off for this database); the table is"
				+ " described by classpath:" + script, cause);
		this.table = table;
		this.script = script;
	}

	/**
	 * Returns the name of the missing table.
	 * @return the table name
	 */
	public String getTable() {
		return this.table;
	}

	/**
	 * Returns the classpath location of the script that creates it for this database.
	 * @return for example {@code io/github/idgen/jdbc/schema-postgresql.sql}
	 */
	public String getScript() {
		return this.script;
	}

}
