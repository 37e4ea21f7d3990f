package io.github.idgen.segment;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.shard.ShardRequiredException;
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
 * Tags whose row carries a composition ({@code business_id}, {@code business_bits}, {@code shard_bits})
 * on PostgreSQL, MariaDB and H2: composed ids, ranges cut at the sequence limit, bad compositions
 * reported like other bad rows, a table an earlier version created (without the columns) giving plain
 * ids as before, and a composition changed between two ranges refused.
 */
class ComposedTagTests {

	static final String OLD_TABLE = "idgen_segment_before_composition";

	/** The table as versions before composed ids created it. */
	static final String OLD_SCHEMA = "CREATE TABLE IF NOT EXISTS " + OLD_TABLE + " (tag VARCHAR(128) NOT NULL PRIMARY KEY,"
			+ " max_id BIGINT NOT NULL DEFAULT 0, step INT NOT NULL,"
			+ " max_limit_id BIGINT NOT NULL DEFAULT 9223372036854775807, version BIGINT NOT NULL DEFAULT 0,"
			+ " description VARCHAR(256), update_time TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)";

	static final HikariDataSource postgres = RealDatabases.withTable(PostgresServer.shared()).pool(2);

	static final HikariDataSource mariadb = RealDatabases.withTable(MariaDbServer.shared()).pool(2);

	static final JdbcDataSource h2 = new JdbcDataSource();

	static {
		h2.setURL("jdbc:h2:mem:composed-tag-tests;DB_CLOSE_DELAY=-1");
		SegmentTables.createTable(h2);
		for (DataSource database : new DataSource[] { postgres, mariadb, h2 }) {
			SegmentTables.update(database, OLD_SCHEMA);
		}
	}

	@AfterAll
	static void closePools() {
		postgres.close();
		mariadb.close();
	}

	static Stream<Named<DataSource>> databases() {
		return Stream.of(Named.of("PostgreSQL", postgres), Named.of("MariaDB", mariadb), Named.of("H2", h2));
	}

	static void insertComposed(DataSource database, String tag, int step, long maxLimitId, long businessId,
			int businessBits, int shardBits) {
		SegmentTables.update(database, "INSERT INTO " + SegmentTables.TABLE + " (tag, step, max_limit_id, business_id,"
				+ " business_bits, shard_bits) VALUES (?, ?, ?, ?, ?, ?)", tag, step, maxLimitId, businessId, businessBits,
				shardBits);
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void aComposedRowGivesComposedIdsCutAtTheSequenceLimit(DataSource database) {
		String tag = SegmentTables.uniqueTag("composed");
		// sequence 7 is the last whose ids (shard 3 the highest) stay at or below the limit
		long maxLimitId = (7L << 6) | 3 << 2 | 3;
		insertComposed(database, tag, 4, maxLimitId + 40, 3, 4, 2);
		SegmentTables.update(database, "UPDATE " + SegmentTables.TABLE + " SET max_limit_id = ? WHERE tag = ?",
				maxLimitId + 2, tag);
		JdbcSegmentStore store = new JdbcSegmentStore(database, SegmentTables.TABLE);
		SegmentComposition composition = new SegmentComposition(3, 4, 2);
		assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 1, 4, 4, maxLimitId + 2, composition));
		// on PostgreSQL the one-statement path, which knows the table's columns now, leaves the short range
		// to the transaction
		assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 5, 7, 4, maxLimitId + 2, composition));
		assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> store.allocate(tag, 1));
		assertThat(SegmentTables.maxId(database, tag)).isEqualTo(7);
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void rangesStopWhereSegmentCompositionSaysForRandomCompositionsAndLimits(DataSource database) {
		// a store that allocated before, so that PostgreSQL tries its one statement, whose limit is SQL
		JdbcSegmentStore store = new JdbcSegmentStore(database, SegmentTables.TABLE);
		String warm = SegmentTables.uniqueTag("warm");
		insertComposed(database, warm, 10, Long.MAX_VALUE, 0, 0, 0);
		store.allocate(warm, 1);
		SplittableRandom random = new SplittableRandom(29);
		int step = 50;
		for (int i = 0; i < 60; i++) {
			int shardBits = random.nextInt(11);
			int businessBits = random.nextInt(SegmentComposition.MAX_BITS - shardBits + 1);
			SegmentComposition composition = new SegmentComposition(random.nextLong(1L << businessBits), businessBits,
					shardBits);
			long maxLimitId = (i % 2 == 0) ? Long.MAX_VALUE - random.nextLong(1L << 45) : random.nextLong(Long.MAX_VALUE);
			long sequenceLimit = composition.sequenceLimit(maxLimitId);
			if (sequenceLimit <= step + 1) {
				continue;
			}
			// around the last full step: taken whole by PostgreSQL's statement, or cut under the row lock
			long maxId = sequenceLimit - step - 1 + (i % 3);
			String tag = SegmentTables.uniqueTag("random");
			insertComposed(database, tag, step, maxLimitId, composition.businessId(), businessBits, shardBits);
			SegmentTables.update(database, "UPDATE " + SegmentTables.TABLE + " SET max_id = ? WHERE tag = ?", maxId, tag);
			assertThat(store.allocate(tag, 1)).as("%s, max_limit_id %d", composition, maxLimitId)
				.isEqualTo(new SegmentRange(tag, maxId + 1, Math.min(maxId + step, sequenceLimit), step, maxLimitId,
						composition));
			// PostgreSQL's statement did not take sequences past the limit (a range cut after it would hide it)
			assertThat(SegmentTables.maxId(database, tag)).isEqualTo(Math.min(maxId + step, sequenceLimit));
		}
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void theServiceOfAComposedRowComposesEveryId(DataSource database) {
		String tag = SegmentTables.uniqueTag("composed-ids");
		insertComposed(database, tag, 10, Long.MAX_VALUE, 5, 3, 4);
		try (SegmentIdServices services = RealDatabases.services(database, 10, Duration.ofSeconds(5))) {
			SegmentIdService service = services.forTag(tag);
			assertThatExceptionOfType(ShardRequiredException.class).isThrownBy(service::nextId)
				.withMessageContaining("segment tag '" + tag + "'");
			for (long sequence = 1; sequence <= 25; sequence++) {
				int shard = (int) (sequence % 16);
				assertThat(service.nextId(shard)).isEqualTo(sequence << 7 | 5 << 4 | shard);
			}
		}
	}

	static Stream<Arguments> badCompositions() {
		return databases().flatMap((database) -> Stream.of(
				Arguments.of(database, 0, 0, 11, "has shard_bits 11, but shard_bits must be from 0 to 10"),
				Arguments.of(database, 0, 0, -1, "has shard_bits -1, but shard_bits must be from 0 to 10"),
				Arguments.of(database, 0, 35, 6, "has business_bits 35, but business_bits must be from 0 to 34"
						+ " (business_bits + shard_bits at most 40, leaving the sequence the other bits)"),
				Arguments.of(database, 16, 4, 0, "has business_id 16, but business_id must be from 0 to 15"
						+ " (below 2^business_bits, business_bits 4)"),
				Arguments.of(database, -1, 4, 0, "has business_id -1, but business_id must be from 0 to 15"
						+ " (below 2^business_bits, business_bits 4)")));
	}

	@ParameterizedTest(name = "{0}: business_id {1}, business_bits {2}, shard_bits {3}", autoCloseArguments = false)
	@MethodSource("badCompositions")
	void aBadCompositionFailsAtOnceNamingTheRowTheColumnAndTheRule(DataSource database, long businessId,
			int businessBits, int shardBits, String problem) {
		// a store that allocated before, so that PostgreSQL tries its one statement first
		JdbcSegmentStore store = new JdbcSegmentStore(database, SegmentTables.TABLE);
		String good = SegmentTables.uniqueTag("good");
		insertComposed(database, good, 10, Long.MAX_VALUE, 0, 0, 0);
		store.allocate(good, 1);
		String tag = SegmentTables.uniqueTag("bad-composition");
		insertComposed(database, tag, 10, Long.MAX_VALUE, businessId, businessBits, shardBits);
		assertThatIllegalStateException().isThrownBy(() -> store.allocate(tag, 1))
			.withMessage("Segment tag '" + tag + "' in table idgen_segment " + problem)
			.isNotInstanceOf(SegmentStoreException.class);
		assertThat(SegmentTables.maxId(database, tag)).isZero();
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void aTableWithoutTheColumnsGivesPlainIdsAsBefore(DataSource database) {
		String tag = SegmentTables.uniqueTag("old-table");
		SegmentTables.update(database, "INSERT INTO " + OLD_TABLE + " (tag, step, max_limit_id) VALUES (?, ?, ?)", tag,
				10, 25);
		JdbcSegmentStore store = new JdbcSegmentStore(database, OLD_TABLE);
		assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 1, 10, 10, 25));
		// PostgreSQL's one statement, on a table known to have no composition columns
		assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 11, 20, 10, 25));
		assertThat(store.allocateExactly(tag, 3)).isEqualTo(new SegmentRange(tag, 21, 23, 10, 25));
		assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 24, 25, 10, 25));
		assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> store.allocate(tag, 1));
		String served = SegmentTables.uniqueTag("old-table-served");
		SegmentTables.update(database, "INSERT INTO " + OLD_TABLE + " (tag, step) VALUES (?, ?)", served, 10);
		try (SegmentIdServices services = new SegmentIdServices(store, RealDatabases.settings(10, Duration.ofSeconds(5)))) {
			SegmentIdService service = services.forTag(served);
			assertThat(service.composition()).isEqualTo(SegmentComposition.PLAIN);
			assertThat(service.nextIds(15)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L, 13L, 14L,
					15L);
		}
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void columnsAddedWhileTheStoreRunsComposeTheNextRangeCutAtItsSequenceLimit(DataSource database) {
		String table = "idgen_segment_altered_" + Math.abs(database.hashCode() % 1000);
		SegmentTables.update(database, "DROP TABLE IF EXISTS " + table);
		SegmentTables.update(database, OLD_SCHEMA.replace(OLD_TABLE, table));
		String tag = SegmentTables.uniqueTag("altered");
		SegmentTables.update(database, "INSERT INTO " + table + " (tag, step) VALUES (?, ?)", tag, 10);
		JdbcSegmentStore store = new JdbcSegmentStore(database, table);
		assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 1, 10, 10, Long.MAX_VALUE));
		addCompositionColumns(database, table);
		// sequence 15 is the last whose ids stay at or below the limit
		SegmentTables.update(database, "UPDATE " + table + " SET business_id = 1, business_bits = 1, shard_bits = 1,"
				+ " max_limit_id = ? WHERE tag = ?", (15L << 2) | 3, tag);
		// on PostgreSQL the statement chosen for a table without the columns: it takes a whole step, and
		// the range stops at the limit all the same
		assertThat(store.allocate(tag, 1))
			.isEqualTo(new SegmentRange(tag, 11, 15, 10, (15L << 2) | 3, new SegmentComposition(1, 1, 1)));
		assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> store.allocate(tag, 1));
	}

	/** The statements docs/segments.md gives for PostgreSQL and MariaDB; one column at a time on H2. */
	private static void addCompositionColumns(DataSource database, String table) {
		String product;
		try (Connection connection = database.getConnection()) {
			product = connection.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		if (product.contains("postgres")) {
			SegmentTables.update(database, "ALTER TABLE " + table + " ADD COLUMN business_id BIGINT NOT NULL DEFAULT 0,"
					+ " ADD COLUMN business_bits INTEGER NOT NULL DEFAULT 0, ADD COLUMN shard_bits INTEGER NOT NULL DEFAULT 0");
		}
		else if (product.contains("mariadb") || product.contains("mysql")) {
			SegmentTables.update(database, "ALTER TABLE " + table + " ADD COLUMN business_id BIGINT NOT NULL DEFAULT 0,"
					+ " ADD COLUMN business_bits INT NOT NULL DEFAULT 0, ADD COLUMN shard_bits INT NOT NULL DEFAULT 0");
		}
		else {
			for (String column : new String[] { "business_id BIGINT", "business_bits INT", "shard_bits INT" }) {
				SegmentTables.update(database, "ALTER TABLE " + table + " ADD COLUMN " + column + " NOT NULL DEFAULT 0");
			}
		}
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void aCompositionChangedBetweenTwoRangesIsRefusedNamingTheTagAndBothCompositions(DataSource database) {
		String tag = SegmentTables.uniqueTag("changed");
		insertComposed(database, tag, 5, Long.MAX_VALUE, 1, 2, 0);
		try (SegmentIdServices services = RealDatabases.services(database, 5, Duration.ofSeconds(5))) {
			SegmentIdService service = services.forTag(tag);
			assertThat(service.nextId()).isEqualTo(1L << 2 | 1);
			// narrower: the next sequences' ids would repeat ids issued before
			SegmentTables.update(database, "UPDATE " + SegmentTables.TABLE + " SET business_bits = 1 WHERE tag = ?", tag);
			assertThatExceptionOfType(SegmentCompositionChangedException.class).isThrownBy(() -> {
				for (int i = 0; i < 20; i++) {
					service.nextId();
				}
			})
				.withMessageContaining("Segment tag '" + tag + "' changed its composition in table idgen_segment from"
						+ " (business_id 1, business_bits 2, shard_bits 0) to (business_id 1, business_bits 1, shard_bits 0)")
				.withMessageContaining("is a migration");
			assertThat(services.statistics()).singleElement()
				.satisfies((statistics) -> assertThat(statistics.lastError()).contains("changed its composition"));
		}
	}

}
