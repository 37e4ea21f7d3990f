package io.github.idgen.autoconfigure.segment;

/**
 * When idgen creates a table it needs at start-up, as Spring Boot's
 * {@code DatabaseInitializationMode}: the tables are created with {@code CREATE TABLE IF NOT EXISTS}.
 */
public enum SchemaInitialization {

	/** Create the table on every database. */
	ALWAYS,

	/** Create the table on embedded databases (H2, HSQLDB, Derby) only. */
	EMBEDDED,

	/** Never create the table: it is managed elsewhere, for example by Flyway or Liquibase. */
	NEVER

}
