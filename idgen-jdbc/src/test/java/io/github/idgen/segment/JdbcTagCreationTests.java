package io.github.idgen.segment;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;

import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Creating a tag like a template ({@code createTagLike}) on real PostgreSQL and MariaDB: a statement
 * the database refuses with SQLSTATE 40001 (PostgreSQL's serialization failure, MariaDB's deadlock,
 * error 1213) is tried again, up to three attempts, and then reported; a tag that exists is left alone
 * even when its template row was deleted meanwhile. The refusals come from the database itself, raised
 * by a trigger on a table of the test's own, so that each attempt meets one.
 */
class JdbcTagCreationTests {

	private static final String REFUSING = "idgen_segment_refusing";

	static final HikariDataSource postgres = withRefusingTable(RealDatabases.withTable(PostgresServer.shared()).pool(2),
			"CREATE OR REPLACE FUNCTION idgen_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
					+ " IF NEW.description = 'refuse always' OR (NEW.description = 'refuse twice'"
					+ " AND nextval('idgen_test_attempts') <= 2) THEN RAISE EXCEPTION 'could not serialize access due to"
					+ " concurrent update' USING ERRCODE = '40001'; END IF; RETURN NEW; END $$",
			"CREATE TRIGGER idgen_test_refuse BEFORE INSERT ON " + REFUSING
					+ " FOR EACH ROW EXECUTE FUNCTION idgen_test_refuse()");

	static final HikariDataSource mariadb = withRefusingTable(RealDatabases.withTable(MariaDbServer.shared()).pool(2),
			"CREATE TRIGGER idgen_test_refuse BEFORE INSERT ON " + REFUSING + " FOR EACH ROW BEGIN"
					+ " IF NEW.description = 'refuse always' OR (NEW.description = 'refuse twice'"
					+ " AND NEXTVAL(idgen_test_attempts) <= 2) THEN SIGNAL SQLSTATE '40001' SET MESSAGE_TEXT ="
					+ " 'Deadlock found when trying to get lock; try restarting transaction', MYSQL_ERRNO = 1213;"
					+ " END IF; END");

	@AfterAll
	static void closePools() {
		postgres.close();
		mariadb.close();
	}

	static Stream<Named<HikariDataSource>> databases() {
		return Stream.of(Named.of("PostgreSQL", postgres), Named.of("MariaDB", mariadb));
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void aRefusalWith40001IsTriedAgainAndTheTagCreated(HikariDataSource database) {
		String template = SegmentTables.uniqueTag("template");
		SegmentTables.update(database, "INSERT INTO " + REFUSING + " (tag, step, description) VALUES (?, 100, 'template')",
				template);
		execute(database, "ALTER SEQUENCE idgen_test_attempts RESTART");
		String tag = template + "-2026";
		JdbcSegmentStore store = new JdbcSegmentStore(database, REFUSING);
		assertThat(store.createTagLike(tag, template, 1000, "refuse twice")).isTrue();
		assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 1, 100, 100, 1000));
		assertThat(nextAttempt(database)).as("two refused attempts, then the one that inserted").isEqualTo(4);
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void aThirdRefusalIsReportedAndNoTagCreated(HikariDataSource database) {
		String template = SegmentTables.uniqueTag("template");
		SegmentTables.update(database, "INSERT INTO " + REFUSING + " (tag, step, description) VALUES (?, 100, 'template')",
				template);
		String tag = template + "-2026";
		JdbcSegmentStore store = new JdbcSegmentStore(database, REFUSING);
		assertThatExceptionOfType(SegmentStoreException.class)
			.isThrownBy(() -> store.createTagLike(tag, template, 1000, "refuse always"))
			.withMessageStartingWith("Could not create segment tag '" + tag + "' like '" + template + "' in table "
					+ REFUSING + ": ")
			.satisfies((ex) -> assertThat(((SQLException) ex.getCause()).getSQLState()).isEqualTo("40001"));
		assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(() -> store.allocate(tag, 1));
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void aTagWhoseTemplateWasDeletedIsLeftAloneAndANewOneIsUnknown(HikariDataSource database) {
		String template = SegmentTables.uniqueTag("template");
		SegmentTables.insertTag(database, template, 0, 100, 5000);
		JdbcSegmentStore store = new JdbcSegmentStore(database, SegmentTables.TABLE);
		String period = template + "-2026";
		assertThat(store.createTagLike(period, template, 1000, "this year")).isTrue();
		store.allocate(period, 1);
		SegmentTables.update(database, "DELETE FROM " + SegmentTables.TABLE + " WHERE tag = ?", template);

		assertThat(store.createTagLike(period, template, 1000, "this year")).as("it exists").isFalse();
		assertThat(SegmentTables.maxId(database, period)).isEqualTo(100);
		String next = template + "-2027";
		assertThatExceptionOfType(UnknownSegmentTagException.class)
			.isThrownBy(() -> store.createTagLike(next, template, 1000, "next year"))
			.withMessageContaining("'" + template + "'");
		assertThat(SegmentTables.countRows(database, next)).isZero();
	}

	private static HikariDataSource withRefusingTable(HikariDataSource pool, String... trigger) {
		try (Connection connection = pool.getConnection()) {
			String schema = SegmentTables.schema(connection.getMetaData().getDatabaseProductName())
				.replace(SegmentTables.TABLE, REFUSING);
			execute(pool, "DROP TABLE IF EXISTS " + REFUSING, schema, "DROP SEQUENCE IF EXISTS idgen_test_attempts",
					"CREATE SEQUENCE idgen_test_attempts");
			execute(pool, trigger);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		return pool;
	}

	private static void execute(HikariDataSource pool, String... statements) {
		try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
			if (!connection.getAutoCommit()) {
				connection.commit();
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static long nextAttempt(HikariDataSource pool) {
		try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement();
				var row = statement.executeQuery(pool == postgres ? "SELECT nextval('idgen_test_attempts')"
						: "SELECT NEXTVAL(idgen_test_attempts)")) {
			row.next();
			return row.getLong(1);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
