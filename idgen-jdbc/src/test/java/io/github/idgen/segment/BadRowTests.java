package io.github.idgen.segment;

import java.time.Duration;
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
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Rows an operator got wrong, on PostgreSQL, MariaDB and H2: each fails the allocation at once
 * with the same message on every database, naming the tag, the table, the column and its value;
 * none is taken for an unreachable store (retried for ever, health down), and the row is left as it
 * was. A limit below {@code max_id} is an exhausted tag, as after lowering the limit.
 */
class BadRowTests {

	static final HikariDataSource postgres = RealDatabases.withTable(PostgresServer.shared()).pool(2);

	static final HikariDataSource mariadb = RealDatabases.withTable(MariaDbServer.shared()).pool(2);

	static final JdbcDataSource h2 = new JdbcDataSource();

	static {
		h2.setURL("jdbc:h2:mem:bad-row-tests;DB_CLOSE_DELAY=-1");
		SegmentTables.createTable(h2);
	}

	@AfterAll
	static void closePools() {
		postgres.close();
		mariadb.close();
	}

	static Stream<Arguments> badRows() {
		return databases().flatMap((database) -> Stream.of(
				Arguments.of(database, 0, 0, Long.MAX_VALUE, "has step 0, but step must be at least 1"),
				Arguments.of(database, 0, -5, Long.MAX_VALUE, "has step -5, but step must be at least 1"),
				Arguments.of(database, -1, 10, Long.MAX_VALUE, "has max_id -1, but max_id must be at least 0"),
				// max_limit_id - max_id is below Long.MIN_VALUE
				Arguments.of(database, 1000, 10, -9_223_372_036_854_775_000L,
						"has max_limit_id -9223372036854775000, but max_limit_id must be at least 0"),
				Arguments.of(database, 100, 10, -1, "has max_limit_id -1, but max_limit_id must be at least 0")));
	}

	static Stream<Named<DataSource>> databases() {
		return Stream.of(Named.of("PostgreSQL", postgres), Named.of("MariaDB", mariadb), Named.of("H2", h2));
	}

	@ParameterizedTest(name = "{0}: max_id {1}, step {2}, max_limit_id {3}", autoCloseArguments = false)
	@MethodSource("badRows")
	void badRowFailsAtOnceNamingTheRowTheColumnAndTheRule(DataSource database, long maxId, int step, long maxLimitId,
			String problem) {
		String tag = SegmentTables.uniqueTag("bad-row");
		SegmentTables.insertTag(database, tag, maxId, step, maxLimitId);
		String message = "Segment tag '" + tag + "' in table idgen_segment " + problem;
		assertThatIllegalStateException().isThrownBy(() -> new JdbcSegmentStore(database, SegmentTables.TABLE).allocate(tag, 1))
			.withMessage(message)
			.isNotInstanceOf(SegmentStoreException.class);
		try (SegmentIdServices services = RealDatabases.services(database, 100, Duration.ofSeconds(5))) {
			assertThatIllegalStateException().isThrownBy(() -> services.forTag(tag)).withMessage(message);
			assertThat(services.statistics()).isEmpty();
		}
		assertThat(SegmentTables.maxId(database, tag)).isEqualTo(maxId);
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void limitBelowMaxIdIsAnExhaustedTagSayingSo(DataSource database) {
		String tag = SegmentTables.uniqueTag("limit-below");
		SegmentTables.insertTag(database, tag, 500, 10, 400);
		assertThatExceptionOfType(SegmentTagExhaustedException.class)
			.isThrownBy(() -> new JdbcSegmentStore(database, SegmentTables.TABLE).allocate(tag, 1))
			.withMessage("Segment tag '" + tag + "' is exhausted: its max_limit_id 400 in table idgen_segment is below"
					+ " its max_id 500, the largest id already handed out");
		assertThat(SegmentTables.maxId(database, tag)).isEqualTo(500);
	}

}
