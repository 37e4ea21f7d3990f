package io.github.idgen.jdbc;

/**
 * When the lease table is created if it is missing, as Spring Boot's {@code spring.sql.init.mode}
 * decides for its own scripts.
 */
public enum LeaseSchemaInitialization {

	/** Always create the table if it is missing. */
	ALWAYS,

	/** Create it only in an embedded database (H2, HSQLDB, Derby). */
	EMBEDDED,

	/** Never create it: operators create it, for example with Flyway or Liquibase. */
	NEVER

}
