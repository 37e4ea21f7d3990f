package io.github.idgen.autoconfigure.jdbc;

/**
 * Thrown at start-up when a JDBC backend (the lease or the segment store) is switched on and idgen's JDBC
 * backend, {@code idgen-jdbc}, is not on the classpath (idgen-spring-boot-starter-redis leaves it out).
 */
public class MissingJdbcBackendException extends IllegalStateException {

	private final String setting;

	/**
	 * @param setting the setting that asked for JDBC, such as {@code xxx.common.jdbc-enabled=true}
	 */
	public MissingJdbcBackendException(String setting) {
		super(setting + " keeps idgen's records in the application's database with idgen-jdbc, and"
				+ " io.github.idgen.jdbc.JdbcLeaseDeployment is not on the classpath");
		this.setting = setting;
	}

	String getSetting() {
		return this.setting;
	}

}
