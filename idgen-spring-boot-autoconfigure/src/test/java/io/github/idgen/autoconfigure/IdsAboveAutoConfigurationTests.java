package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static io.github.idgen.autoconfigure.IdLayoutAutoConfigurationTests.assertRejected;
import static io.github.idgen.autoconfigure.IdServiceAutoConfigurationTests.assertPropertyRefused;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link IdsAboveAutoConfiguration}: {@code ids-above} and {@code ids-above-query}, for the default
 * generator and a named one, on H2 and on real PostgreSQL and MariaDB; one test per condition.
 */
class IdsAboveAutoConfigurationTests {

	private static final AtomicInteger databases = new AtomicInteger();

	/** A Twitter-layout id of an hour ago: below every id issued now. */
	private static final long AN_HOUR_AGO = SnowflakeLayout.TWITTER.compose(Instant.now().minus(Duration.ofHours(1)),
			31, 31, 4095);

	/** A Twitter-layout id of next year: above every id issued now. */
	private static final long NEXT_YEAR = SnowflakeLayout.TWITTER.compose(Instant.now().plus(Duration.ofDays(365)), 0, 0,
			0);

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, IdGeneratorsAutoConfiguration.class,
				IdsAboveAutoConfiguration.class))
		.withPropertyValues("xxx.common.id-worker-id=1");

	private ApplicationContextRunner withH2Orders(long maxId) {
		String database = "above" + databases.incrementAndGet();
		return this.contextRunner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1;INIT="
					+ "CREATE TABLE IF NOT EXISTS orders(id BIGINT PRIMARY KEY)\\;MERGE INTO orders VALUES (" + maxId + ")",
					"spring.datasource.generate-unique-name=false");
	}

	@Test
	void anIdsAboveBelowTodaysIdsLetsTheApplicationStartAndItsIdsAreAboveIt() {
		this.contextRunner.withPropertyValues("xxx.common.ids-above=" + AN_HOUR_AGO).run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(IdService.class).nextId()).isGreaterThan(AN_HOUR_AGO);
		});
	}

	@Test
	void anIdsAboveTheNextIdFailsStartUpNamingTheGeneratorBothNumbersAndTheFix() {
		this.contextRunner.withPropertyValues("xxx.common.ids-above=" + NEXT_YEAR)
			.run((context) -> assertPropertyRefused(context, "xxx.common.ids-above", NEXT_YEAR,
					"xxx.common.ids-above = " + NEXT_YEAR + ", and the default generator's ids issued now start at ",
					"its next id would not be above " + NEXT_YEAR, "Choose an earlier epoch (xxx.common.id-epoch) or a"
							+ " layout whose ids are larger today (xxx.common.id-layout, or more timestamp bits)"));
	}

	@Test
	void aNamedGeneratorsIdsAboveIsCheckedAgainstItsOwnLayout() {
		// a javascript-safe id is far below today's Twitter ids: the same number passes the default generator
		long jsNextYear = SnowflakeLayout.JAVASCRIPT_SAFE.compose(Instant.now().plus(Duration.ofDays(365)), 0, 0, 0);
		this.contextRunner
			.withPropertyValues("xxx.common.ids-above=" + jsNextYear, "xxx.common.generators.js.layout=javascript-safe",
					"xxx.common.generators.js.ids-above=" + jsNextYear)
			.run((context) -> assertPropertyRefused(context, "xxx.common.generators.js.ids-above", jsNextYear,
					"generator 'js'", "(xxx.common.generators.js.epoch)"));
		this.contextRunner
			.withPropertyValues("xxx.common.generators.js.layout=javascript-safe",
					"xxx.common.generators.js.ids-above=1000")
			.run((context) -> assertThat(context.getBean(IdGenerators.class).get("js").nextId()).isGreaterThan(1000));
	}

	@Test
	void aQueryThatReturnsALargerIdThanTodaysFailsStartUpNamingTheQueryAndItsNumber() {
		withH2Orders(NEXT_YEAR).withPropertyValues("xxx.common.ids-above-query=SELECT max(id) FROM orders")
			.run((context) -> assertPropertyRefused(context, "xxx.common.ids-above-query", "SELECT max(id) FROM orders",
					"xxx.common.ids-above-query = SELECT max(id) FROM orders returned " + NEXT_YEAR,
					"its next id would not be above " + NEXT_YEAR));
	}

	@Test
	void aQueryThatReturnsASmallerIdLetsTheApplicationStart() {
		withH2Orders(AN_HOUR_AGO).withPropertyValues("xxx.common.ids-above-query=SELECT max(id) FROM orders")
			.run((context) -> assertThat(context.getBean(IdService.class).nextId()).isGreaterThan(AN_HOUR_AGO));
	}

	@Test
	void aQueryOnAnEmptyTableFindsNoIdUsedAndLetsTheApplicationStart() {
		withH2Orders(1).withPropertyValues("xxx.common.ids-above-query=SELECT max(id) FROM orders WHERE id > 1")
			.run((context) -> assertThat(context).hasNotFailed());
	}

	@Test
	void aQueryThatFailsStopsStartUpWithTheDatabasesMessage() {
		withH2Orders(1).withPropertyValues("xxx.common.ids-above-query=SELECT max(id) FROM no_such_table")
			.run((context) -> assertPropertyRefused(context, "xxx.common.ids-above-query",
					"SELECT max(id) FROM no_such_table", "failed on the application's DataSource", "NO_SUCH_TABLE"));
	}

	@Test
	void aQueryThatReturnsNoNumberOrSeveralRowsOrColumnsIsRefused() {
		withH2Orders(1).withPropertyValues("xxx.common.ids-above-query=SELECT 'many'")
			.run((context) -> assertPropertyRefused(context, "xxx.common.ids-above-query", "SELECT 'many'",
					"returns 'many', which is no whole number of 64 bits"));
		withH2Orders(1).withPropertyValues("xxx.common.ids-above-query=SELECT 1.5")
			.run((context) -> assertPropertyRefused(context, "xxx.common.ids-above-query", "SELECT 1.5",
					"returns '1.5', which is no whole number"));
		withH2Orders(1).withPropertyValues("xxx.common.ids-above-query=SELECT id FROM orders UNION ALL SELECT 2")
			.run((context) -> assertPropertyRefused(context, "xxx.common.ids-above-query",
					"SELECT id FROM orders UNION ALL SELECT 2", "returns more than one row"));
		withH2Orders(1).withPropertyValues("xxx.common.ids-above-query=SELECT 1, 2")
			.run((context) -> assertPropertyRefused(context, "xxx.common.ids-above-query", "SELECT 1, 2",
					"returns 2 columns"));
	}

	@Test
	void aQueryWithoutADataSourceIsRefusedNamingTheNumberKeyInstead() {
		this.contextRunner.withPropertyValues("xxx.common.ids-above-query=SELECT max(id) FROM orders")
			.run((context) -> assertPropertyRefused(context, "xxx.common.ids-above-query", "SELECT max(id) FROM orders",
					"needs the application's DataSource to run on, and it has none", "(xxx.common.ids-above)"));
	}

	@Test
	void theNumberAndTheQueryBothSetFailBindingNamingBothKeys() {
		this.contextRunner
			.withPropertyValues("xxx.common.generators.orders.ids-above=5",
					"xxx.common.generators.orders.ids-above-query=SELECT 1")
			.run((context) -> assertRejected(context, "generators[orders].idsAboveQuery",
					"xxx.common.generators.orders.ids-above = 5 and xxx.common.generators.orders.ids-above-query are"
							+ " both set"));
	}

	@Test
	void aQueryOnATableLockedElsewhereFailsStartUpAtItsTimeoutInsteadOfWaitingForTheLock() throws Exception {
		PostgresServer postgres = PostgresServer.shared();
		String table = "locked_orders_" + databases.incrementAndGet();
		postgres.execute("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY)");
		try (java.sql.Connection lock = postgres.connect()) {
			lock.setAutoCommit(false);
			lock.createStatement().execute("LOCK TABLE " + table + " IN ACCESS EXCLUSIVE MODE");
			this.contextRunner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
				.withPropertyValues("spring.datasource.url=" + postgres.jdbcUrl(),
						"spring.datasource.username=" + postgres.username(),
						"spring.datasource.password=" + postgres.password(),
						"xxx.common.ids-above-query=SELECT max(id) FROM " + table)
				.run((context) -> assertPropertyRefused(context, "xxx.common.ids-above-query",
						"SELECT max(id) FROM " + table, "failed on the application's DataSource (at most 10 s)"));
			lock.rollback();
		}
	}

	@Test
	void anEmptyQueryFailsBindingNamingTheKey() {
		this.contextRunner.withPropertyValues("xxx.common.ids-above-query= ")
			.run((context) -> assertRejected(context, "idsAboveQuery", "xxx.common.ids-above-query is empty"));
	}

	@Test
	void theQueryRunsOnRealPostgresAndMariaDb() throws Exception {
		for (DatabaseServer server : new DatabaseServer[] { PostgresServer.shared(), MariaDbServer.shared() }) {
			String table = "legacy_orders_" + databases.incrementAndGet();
			server.execute("CREATE TABLE " + table + " (id BIGINT PRIMARY KEY)",
					"INSERT INTO " + table + " VALUES (" + AN_HOUR_AGO + "), (17)");
			ApplicationContextRunner runner = this.contextRunner
				.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
				.withPropertyValues("spring.datasource.url=" + server.jdbcUrl(),
						"spring.datasource.username=" + server.username(), "spring.datasource.password=" + server.password());
			runner.withPropertyValues("xxx.common.ids-above-query=SELECT max(id) FROM " + table)
				.run((context) -> assertThat(context.getBean(IdService.class).nextId()).as(server.toString())
					.isGreaterThan(AN_HOUR_AGO));
			server.execute("INSERT INTO " + table + " VALUES (" + NEXT_YEAR + ")");
			runner.withPropertyValues("xxx.common.ids-above-query=SELECT max(id) FROM " + table)
				.run((context) -> assertPropertyRefused(context, "xxx.common.ids-above-query",
						"SELECT max(id) FROM " + table, "returned " + NEXT_YEAR));
		}
	}

}
