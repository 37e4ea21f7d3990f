package io.github.idgen.jdbc;

import java.util.stream.Stream;

import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;

/**
 * The database servers the JDBC lease is proven on: real PostgreSQL and MariaDB processes, shared by
 * the test classes of this JVM; each test leases in a group of its own.
 */
final class Databases {

	private Databases() {
	}

	/**
	 * For {@code @MethodSource("io.github.idgen.jdbc.Databases#servers")}, with
	 * {@code @ParameterizedTest(autoCloseArguments = false)}: JUnit would otherwise close the shared servers.
	 */
	static Stream<DatabaseServer> servers() {
		return Stream.of(PostgresServer.shared(), MariaDbServer.shared());
	}

}
