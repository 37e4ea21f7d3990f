package io.github.idgen.testsupport;

import java.sql.SQLException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class MariaDbServerTests {

	@RegisterExtension
	static final MariaDbServer mariadb = new MariaDbServer();

	@Test
	void servesQueriesAndKeepsCommittedRowsAcrossACrash() throws SQLException {
		mariadb.execute("CREATE TABLE survivor (id INTEGER PRIMARY KEY) ENGINE=InnoDB", "INSERT INTO survivor VALUES (42)");
		mariadb.crash();
		assertThat(mariadb.isRunning()).isFalse();
		assertThatExceptionOfType(SQLException.class).isThrownBy(mariadb::connect);
		mariadb.start();
		assertThat(DatabaseServerAssertions.singleLong(mariadb, "SELECT id FROM survivor")).isEqualTo(42);
		assertThat(DatabaseServerAssertions.singleLong(mariadb, "SELECT @@port")).isEqualTo(mariadb.port());
	}

}
