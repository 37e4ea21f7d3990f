package io.github.idgen.jdbc;

import java.util.stream.Stream;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;
import io.github.idgen.testsupport.TcpProxy;

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

	/**
	 * Builds a small pool whose connections go through a proxy, so a test can cut one instance off.
	 * @param server the database
	 * @param network the proxy in front of it
	 * @return the pool, to close
	 */
	static HikariDataSource poolThrough(DatabaseServer server, TcpProxy network) {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(server.jdbcUrl().replace(":" + server.port() + "/", ":" + network.port() + "/"));
		config.setUsername(server.username());
		config.setPassword(server.password());
		config.setMaximumPoolSize(2);
		config.setMinimumIdle(0);
		config.setConnectionTimeout(1000);
		config.setValidationTimeout(500);
		return new HikariDataSource(config);
	}

}
