package io.github.idgen.autoconfigure.segment;

import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link SegmentIdServicesAutoConfiguration} on a table of Leaf's ({@code xxx.common.segment-table} with
 * {@code xxx.common.segment-tag-column=biz_tag}): served in place on real PostgreSQL, its columns
 * logged at start-up, never created or altered, and the settings that cannot go with it refused.
 */
@ExtendWith(OutputCaptureExtension.class)
class LeafSegmentTableAutoConfigurationTests {

	private static final AtomicInteger tables = new AtomicInteger();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, SegmentIdServicesAutoConfiguration.class));

	private ApplicationContextRunner onPostgres(DatabaseServer server, String table) {
		return this.contextRunner.withPropertyValues("spring.datasource.url=" + server.jdbcUrl(),
				"spring.datasource.username=" + server.username(), "spring.datasource.password=" + server.password(),
				"xxx.common.segment-enabled=true", "xxx.common.segment-table=" + table);
	}

	@Test
	void leafsTableServesItsTagsInPlaceAndTheStartUpLogSaysWhichColumnsAreUsed(CapturedOutput output) {
		PostgresServer server = PostgresServer.shared();
		server.start();
		String table = createLeafTable(server);
		new JdbcTemplate(dataSource(server)).update("INSERT INTO " + table + " (biz_tag, max_id, step) VALUES ('orders', 1, 10)");
		onPostgres(server, table).withPropertyValues("xxx.common.segment-tag-column=biz_tag").run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(ForeignSegmentTableCheck.class);
			SegmentIdServices services = context.getBean(SegmentIdServices.class);
			assertThat(services.forTag("orders").nextIds(3)).containsExactly(1L, 2L, 3L);
			assertThat(services.describeStore()).isEqualTo("table " + table + " (tag column biz_tag)");
			assertThat(new JdbcTemplate(context.getBean(DataSource.class))
				.queryForObject("SELECT max_id FROM " + table + " WHERE biz_tag = 'orders'", Long.class))
				.as("Leaf's reading: past the ids issued").isGreaterThanOrEqualTo(11);
		});
		assertThat(output).contains("Segment ids from table " + table + ": tag column biz_tag, max_id as Leaf reads it"
				+ " (the next id to issue), step; uses update_time, description; has no max_limit_id (no limit)");
	}

	@Test
	void idgensOwnTableNeedsNoLookAtItsColumns() {
		this.contextRunner
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:leaf-own-" + tables.incrementAndGet() + ";DB_CLOSE_DELAY=-1",
					"spring.datasource.generate-unique-name=false", "xxx.common.segment-enabled=true")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(ForeignSegmentTableCheck.class));
	}

	@Test
	void aTableWithoutTheTagColumnStopsStartUpNamingTheProperty() {
		PostgresServer server = PostgresServer.shared();
		server.start();
		String table = createLeafTable(server);
		onPostgres(server, table).withPropertyValues("xxx.common.segment-tag-column=tag_name").run((context) -> assertThat(context)
			.getFailure()
			.rootCause()
			.hasMessageContaining("Segment table " + table + " has no column tag_name")
			.hasMessageContaining("xxx.common.segment-tag-column"));
	}

	@Test
	void aMissingForeignTableIsNotCreatedEvenOnAnEmbeddedDatabase() {
		String url = "jdbc:h2:mem:leaf-missing-" + tables.incrementAndGet() + ";DB_CLOSE_DELAY=-1";
		this.contextRunner
			.withPropertyValues("spring.datasource.url=" + url, "spring.datasource.generate-unique-name=false",
					"xxx.common.segment-enabled=true", "xxx.common.segment-table=leaf_alloc",
					"xxx.common.segment-tag-column=biz_tag")
			.run((context) -> {
				assertThat(context).getFailure().rootCause().hasMessageContaining("LEAF_ALLOC");
				assertThat(new JdbcTemplate(new DriverManagerDataSource(url, "sa", "")).queryForObject(
						"SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = 'LEAF_ALLOC'", Integer.class))
					.isZero();
			});
	}

	@Test
	void initializeSchemaAlwaysWithAForeignTagColumnIsRefused() {
		this.contextRunner
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:leaf-always-" + tables.incrementAndGet(),
					"xxx.common.segment-enabled=true", "xxx.common.segment-table=leaf_alloc",
					"xxx.common.segment-tag-column=biz_tag", "xxx.common.segment-initialize-schema=always")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("xxx.common.segment-initialize-schema=always creates idgen's own table")
				.hasMessageContaining("xxx.common.segment-tag-column is 'biz_tag'"));
	}

	@Test
	void aTagColumnThatIsNoPlainColumnNameIsRefused() {
		this.contextRunner
			.withPropertyValues("spring.datasource.url=jdbc:h2:mem:leaf-bad-" + tables.incrementAndGet(),
					"xxx.common.segment-enabled=true", "xxx.common.segment-tag-column=biz-tag; DROP TABLE x")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("xxx.common.segment-tag-column must be a plain SQL column name")
				.hasMessageContaining("was 'biz-tag; DROP TABLE x'"));
	}

	/** Leaf's own DDL, under a name no other test uses. */
	private static String createLeafTable(DatabaseServer server) {
		String table = "leaf_alloc_" + tables.incrementAndGet() + "_" + ProcessHandle.current().pid();
		new JdbcTemplate(dataSource(server)).execute("CREATE TABLE " + table + " (biz_tag VARCHAR(128) NOT NULL DEFAULT '',"
				+ " max_id BIGINT NOT NULL DEFAULT 1, step INT NOT NULL, description VARCHAR(256) DEFAULT NULL,"
				+ " update_time TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP, PRIMARY KEY (biz_tag))");
		return table;
	}

	private static DataSource dataSource(DatabaseServer server) {
		return new DriverManagerDataSource(server.jdbcUrl(), server.username(), server.password());
	}

}
