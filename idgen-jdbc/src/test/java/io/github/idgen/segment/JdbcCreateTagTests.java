package io.github.idgen.segment;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.segment.SegmentTagCreation.Difference;
import io.github.idgen.testsupport.AtOnce;
import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link JdbcSegmentStore#createTag}, a tag created with its settings (what idgen's configuration
 * declares, and what idgen-server's tag creation takes), on real PostgreSQL and MariaDB, and on H2:
 * every setting lands in its column, a tag that exists is never changed and its differences are named,
 * creations racing from several instances end in one row, and a table without a column a setting needs
 * refuses the tag instead of dropping the setting.
 */
class JdbcCreateTagTests {

	static final HikariDataSource postgres = RealDatabases.withTable(PostgresServer.shared()).pool(8);

	static final HikariDataSource mariadb = RealDatabases.withTable(MariaDbServer.shared()).pool(8);

	static final HikariDataSource h2 = h2();

	@AfterAll
	static void closePools() {
		postgres.close();
		mariadb.close();
		h2.close();
	}

	static Stream<Named<HikariDataSource>> databases() {
		return Stream.of(Named.of("PostgreSQL", postgres), Named.of("MariaDB", mariadb), Named.of("H2", h2));
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void aTagIsCreatedWithEverySettingAndIssuesItsIdsAboveIdsAbove(HikariDataSource database) throws SQLException {
		String tag = SegmentTables.uniqueTag("created");
		JdbcSegmentStore store = new JdbcSegmentStore(database, SegmentTables.TABLE);
		SegmentComposition composition = new SegmentComposition(3, 2, 1);
		SegmentTagSettings settings = SegmentTagSettings.ofStep(50)
			.withIdsAbove(1000)
			.withMaxLimitId(1_000_000)
			.withComposition(composition)
			.withDescription("order lines");
		assertThat(store.hasTag(tag)).isFalse();

		assertThat(store.createTag(tag, settings)).isEqualTo(SegmentTagCreation.created(tag));
		assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 1001, 1050, 50, 1_000_000, composition));
		assertThat(description(database, tag)).isEqualTo("order lines");
		assertThat(store.createTag(tag, settings).isAlike()).as("created again alike").isTrue();
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void aTagThatExistsWithOtherSettingsIsLeftAloneAndTheDifferencesNamed(HikariDataSource database) {
		String tag = SegmentTables.uniqueTag("existing");
		SegmentTables.insertTag(database, tag, 70, 100, 5000);
		JdbcSegmentStore store = new JdbcSegmentStore(database, SegmentTables.TABLE);
		SegmentTagSettings declared = SegmentTagSettings.ofStep(1000)
			.withComposition(new SegmentComposition(1, 1, 0))
			.withDescription("orders");

		SegmentTagCreation creation = store.createTag(tag, declared);
		assertThat(creation.created()).isFalse();
		assertThat(creation.differences()).containsExactly(new Difference("step", "100", "1000"),
				new Difference("max_limit_id", "5000", "9223372036854775807"), new Difference("business_id", "0", "1"),
				new Difference("business_bits", "0", "1"), new Difference("description", "'test'", "'orders'"));
		assertThat(creation.differences().get(0)).hasToString("step 100 instead of 1000");
		assertThat(store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 71, 170, 100, 5000));
		assertThat(store.createTag(tag, SegmentTagSettings.ofStep(100).withMaxLimitId(5000)).isAlike())
			.as("alike but for max_id, which moves, and the description, which was not asked for")
			.isTrue();
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void creationsRacingFromSeveralInstancesEndInOneRow(HikariDataSource database) throws Exception {
		String tag = SegmentTables.uniqueTag("raced");
		List<Integer> instances = new ArrayList<>();
		for (int i = 1; i <= 8; i++) {
			instances.add(i);
		}
		// each its own store, as separate instances have, each with a step of its own
		List<SegmentTagCreation> creations = AtOnce.run(instances, (i) -> new JdbcSegmentStore(database,
				SegmentTables.TABLE).createTag(tag, SegmentTagSettings.ofStep(i * 10)));
		assertThat(creations).filteredOn(SegmentTagCreation::created).hasSize(1);
		assertThat(SegmentTables.countRows(database, tag)).isOne();
		int step = SegmentTables.row(database, tag).step();
		for (int i = 0; i < creations.size(); i++) {
			SegmentTagCreation creation = creations.get(i);
			if (!creation.created()) {
				assertThat(creation.differences()).as("the winner's settings are the tag's")
					.containsExactly(new Difference("step", Integer.toString(step), Integer.toString((i + 1) * 10)));
			}
		}
	}

	@ParameterizedTest(name = "{0}", autoCloseArguments = false)
	@MethodSource("databases")
	void aTableWithoutTheCompositionColumnsRefusesAComposedTagAndTakesAPlainOne(HikariDataSource database)
			throws SQLException {
		String table = "idgen_segment_plain";
		execute(database, "DROP TABLE IF EXISTS " + table, "CREATE TABLE " + table + " (tag VARCHAR(128) NOT NULL"
				+ " PRIMARY KEY, max_id BIGINT NOT NULL DEFAULT 0, step INTEGER NOT NULL, max_limit_id BIGINT NOT NULL"
				+ " DEFAULT 9223372036854775807, version BIGINT NOT NULL DEFAULT 0, description VARCHAR(256),"
				+ " update_time TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)");
		JdbcSegmentStore store = new JdbcSegmentStore(database, table);
		assertThatIllegalStateException()
			.isThrownBy(() -> store.createTag("lines", SegmentTagSettings.ofStep(10)
				.withComposition(new SegmentComposition(0, 0, 4))))
			.withMessage("Segment tag 'lines' cannot be created with step 10, max_limit_id 9223372036854775807,"
					+ " business_id 0, business_bits 0, shard_bits 4 in table " + table + ": the table has no column"
					+ " business_id, business_bits, shard_bits (add them as"
					+ " https://github.com/idgen/idgen/blob/main/docs/segments.md#composed-ids-business-id-and-shard"
					+ " shows, or create the tag"
					+ " without these settings)");
		assertThat(store.hasTag("lines")).isFalse();
		assertThat(store.createTag("orders", SegmentTagSettings.ofStep(10).withIdsAbove(5)).created()).isTrue();
		assertThat(store.allocate("orders", 1)).isEqualTo(new SegmentRange("orders", 6, 15, 10, Long.MAX_VALUE));
	}

	private static void execute(HikariDataSource database, String... statements) throws SQLException {
		try (Connection connection = database.getConnection(); Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
			if (!connection.getAutoCommit()) {
				connection.commit();
			}
		}
	}

	private static HikariDataSource h2() {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl("jdbc:h2:mem:create-tag;DB_CLOSE_DELAY=-1");
		config.setMaximumPoolSize(8);
		HikariDataSource pool = new HikariDataSource(config);
		SegmentTables.createTable(pool);
		return pool;
	}

	private static String description(HikariDataSource database, String tag) {
		try (Connection connection = database.getConnection(); Statement statement = connection.createStatement();
				ResultSet row = statement.executeQuery("SELECT description FROM idgen_segment WHERE tag = '" + tag + "'")) {
			row.next();
			return row.getString(1);
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
