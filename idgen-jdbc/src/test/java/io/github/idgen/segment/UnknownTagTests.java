package io.github.idgen.segment;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A tag the table has no row for, on PostgreSQL, MariaDB and H2: the store says so when asked at
 * start-up, and the error of an allocation names the one statement that adds it, which works as given.
 */
class UnknownTagTests {

	static final HikariDataSource postgres = RealDatabases.withTable(PostgresServer.shared()).pool(2);

	static final HikariDataSource mariadb = RealDatabases.withTable(MariaDbServer.shared()).pool(2);

	static final JdbcDataSource h2 = new JdbcDataSource();

	static {
		h2.setURL("jdbc:h2:mem:unknown-tag-tests;DB_CLOSE_DELAY=-1");
		SegmentTables.createTable(h2);
	}

	@AfterAll
	static void closePools() {
		postgres.close();
		mariadb.close();
	}

	static Stream<Named<DataSource>> databases() {
		return Stream.of(Named.of("PostgreSQL", postgres), Named.of("MariaDB", mariadb), Named.of("H2", h2));
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void theStoreTellsWhetherATagExists(DataSource database) {
		String tag = SegmentTables.uniqueTag("lookup");
		JdbcSegmentStore store = new JdbcSegmentStore(database, SegmentTables.TABLE);
		assertThat(store.hasTag(tag)).isFalse();

		SegmentTables.insertTag(database, tag, 10);

		assertThat(store.hasTag(tag)).isTrue();
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void anUnknownTagsErrorNamesTheInsertThatAddsItAndThatInsertWorks(DataSource database) throws SQLException {
		String tag = SegmentTables.uniqueTag("unknown");
		JdbcSegmentStore store = new JdbcSegmentStore(database, SegmentTables.TABLE);
		String insert = "INSERT INTO idgen_segment (tag, step) VALUES ('" + tag + "', 1000);";

		assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(() -> store.allocate(tag, 1))
			.withMessage("Segment tag '" + tag + "' does not exist in table idgen_segment; an operator adds it with: "
					+ insert)
			.satisfies((ex) -> assertThat(ex.getHowToAdd()).isEqualTo(insert));

		try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(insert.substring(0, insert.length() - 1));
		}
		assertThat(store.allocate(tag, 1)).extracting(SegmentRange::firstId, SegmentRange::lastId)
			.containsExactly(1L, 1000L);
	}

}
