package io.github.idgen.testsupport;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class PostgresServerTests {

	@RegisterExtension
	static final PostgresServer postgres = new PostgresServer();

	@Test
	void servesQueriesAndKeepsCommittedRowsAcrossACrash() throws SQLException {
		postgres.execute("CREATE TABLE survivor (id INTEGER PRIMARY KEY)", "INSERT INTO survivor VALUES (42)");
		postgres.crash();
		assertThat(postgres.isRunning()).isFalse();
		assertThatExceptionOfType(SQLException.class).isThrownBy(postgres::connect);
		postgres.start();
		assertThat(DatabaseServerAssertions.singleLong(postgres, "SELECT id FROM survivor")).isEqualTo(42);
		assertThat(postgres.jdbcUrl()).contains(":" + postgres.port() + "/");
	}

	@Test
	void runsAsTheServerVersionFromThePackages() throws SQLException {
		try (Connection connection = postgres.connect(); Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SHOW server_version")) {
			assertThat(result.next()).isTrue();
			assertThat(result.getString(1)).matches("\\d+\\.\\d+.*");
		}
	}

}
