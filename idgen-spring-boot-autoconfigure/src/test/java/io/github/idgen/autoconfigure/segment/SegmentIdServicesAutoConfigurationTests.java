package io.github.idgen.autoconfigure.segment;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;

import javax.sql.DataSource;

import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link SegmentIdServicesAutoConfiguration}: the switch, the DataSource it needs, the schema.
 */
class SegmentIdServicesAutoConfigurationTests {

	private static final AtomicInteger databases = new AtomicInteger();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, SegmentIdServicesAutoConfiguration.class));

	private ApplicationContextRunner withH2() {
		return this.contextRunner.withPropertyValues(
				"spring.datasource.url=jdbc:h2:mem:segment-config-" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1",
				"spring.datasource.generate-unique-name=false");
	}

	@Test
	void offByDefault() {
		withH2().run((context) -> assertThat(context).doesNotHaveBean(SegmentIdServices.class)
			.doesNotHaveBean(SegmentSchemaInitializer.class));
	}

	@Test
	void enabledOnAnEmbeddedDatabaseCreatesTheTableAndServesTags() {
		withH2().withPropertyValues("xxx.common.segment-enabled=true").run((context) -> {
			assertThat(context).hasSingleBean(SegmentIdServices.class).hasSingleBean(SegmentSchemaInitializer.class);
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			jdbc.update("INSERT INTO idgen_segment (tag, step) VALUES ('orders', 10)");
			assertThat(context.getBean(SegmentIdServices.class).forTag("orders").nextId()).isEqualTo(1);
		});
	}

	@Test
	void customTableNameIsCreatedAndUsed() {
		withH2().withPropertyValues("xxx.common.segment-enabled=true", "xxx.common.segment-table=my_segments")
			.run((context) -> {
				new JdbcTemplate(context.getBean(DataSource.class))
					.update("INSERT INTO my_segments (tag, step, max_id) VALUES ('orders', 10, 500)");
				assertThat(context.getBean(SegmentIdServices.class).forTag("orders").nextId()).isEqualTo(501);
				assertThat(context.getBean(SegmentIdServices.class).describeStore()).isEqualTo("table my_segments");
			});
	}

	@Test
	void initializeSchemaNeverLeavesTheDatabaseAlone() {
		withH2().withPropertyValues("xxx.common.segment-enabled=true", "xxx.common.segment-initialize-schema=never")
			.run((context) -> assertThat(new JdbcTemplate(context.getBean(DataSource.class)).queryForObject(
					"SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = 'IDGEN_SEGMENT'", Integer.class))
				.isZero());
	}

	@Test
	void embeddedModeDoesNotTouchAServerDatabaseAndAlwaysModeCreatesTheTableThere() {
		for (DatabaseServer server : new DatabaseServer[] { PostgresServer.shared(), MariaDbServer.shared() }) {
			String table = "segments_" + databases.incrementAndGet();
			ApplicationContextRunner runner = this.contextRunner.withPropertyValues("spring.datasource.url=" + server.jdbcUrl(),
					"spring.datasource.username=" + server.username(), "spring.datasource.password=" + server.password(),
					"xxx.common.segment-enabled=true", "xxx.common.segment-table=" + table);
			runner.run((context) -> assertThat(tableExists(context.getBean(DataSource.class), table)).isFalse());
			runner.withPropertyValues("xxx.common.segment-initialize-schema=always").run((context) -> {
				new JdbcTemplate(context.getBean(DataSource.class))
					.update("INSERT INTO " + table + " (tag, step) VALUES ('orders', 10)");
				assertThat(context.getBean(SegmentIdServices.class).forTag("orders").nextIds(3)).containsExactly(1L, 2L, 3L);
			});
		}
	}

	@Test
	void userRegistryWins() {
		withH2().withPropertyValues("xxx.common.segment-enabled=true")
			.withBean("mySegments", SegmentIdServices.class,
					() -> new SegmentIdServices(new JdbcSegmentStore(new org.h2.jdbcx.JdbcDataSource(), "t"),
							SegmentSettings.DEFAULTS))
			.run((context) -> assertThat(context).hasSingleBean(SegmentIdServices.class).hasBean("mySegments"));
	}

	@Test
	void userStoreIsUsedInsteadOfTheTable() {
		InMemorySegmentStore store = new InMemorySegmentStore("orders", 1000, 100);
		withH2().withPropertyValues("xxx.common.segment-enabled=true")
			.withBean(SegmentStore.class, () -> store)
			.run((context) -> {
				assertThat(context).hasSingleBean(SegmentStore.class).doesNotHaveBean(JdbcSegmentStore.class);
				SegmentIdServices services = context.getBean(SegmentIdServices.class);
				assertThat(services.describeStore()).isEqualTo("my store");
				// several ranges, all from the user's store
				assertThat(services.forTag("orders").nextIds(350))
					.containsExactlyElementsOf(LongStream.rangeClosed(1001, 1350).boxed().toList());
				assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(() -> services.forTag("users"))
					.withMessage("Segment tag 'users' does not exist in my store");
			});
	}

	@Test
	void allocationTimeoutReachesTheStore() {
		withH2().withPropertyValues("xxx.common.segment-enabled=true", "xxx.common.segment-allocation-timeout=3s")
			.run((context) -> assertThat(context.getBean(JdbcSegmentStore.class).getAllocationTimeout())
				.isEqualTo(Duration.ofSeconds(3)));
	}

	@Test
	void allocationTimeoutUnderASecondFailsNamingTheProperty() {
		assertEnabledStartFailsWith("xxx.common.segment-allocation-timeout=500ms", "xxx.common.segment-allocation-timeout must be at least 1000ms, was 500ms");
	}

	@Test
	void withoutBootsScriptInitializerTheRegistryStillComesButNoTableIsCreated() {
		withH2().withPropertyValues("xxx.common.segment-enabled=true")
			.withClassLoader(new FilteredClassLoader(DataSourceScriptDatabaseInitializer.class))
			.run((context) -> assertThat(context).hasSingleBean(SegmentIdServices.class)
				.doesNotHaveBean(SegmentSchemaInitializer.class));
	}

	@Test
	void enabledWithoutADataSourceFailsNamingTheProperty() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SegmentIdServicesAutoConfiguration.class))
			.withPropertyValues("xxx.common.segment-enabled=true")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.isInstanceOf(SegmentDataSourceMissingException.class)
					.hasMessage("xxx.common.segment-enabled is true but the application has no DataSource bean for the"
							+ " segment table");
				FailureAnalysis analysis = new SegmentDataSourceMissingFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis.getAction()).contains("spring.datasource.url", "xxx.common.segment-enabled=false");
			});
	}

	@Test
	void badSettingFailsNamingTheProperty() {
		assertEnabledStartFailsWith("xxx.common.segment-preload-ratio=1.5", "xxx.common.segment-preload-ratio must be at least 0 and below 1");
	}

	@Test
	void retryIntervalOfZeroFailsNamingThePropertyAndTheFix() {
		assertEnabledStartFailsWith("xxx.common.segment-retry-interval=0",
				"xxx.common.segment-retry-interval must be at least 10ms, was 0ms: it is the pause before a tag asks"
						+ " a failing store again. Set it to 10ms or more (the default is 100ms).");
	}

	@Test
	void badTableNameFailsNamingTheProperty() {
		assertEnabledStartFailsWith("xxx.common.segment-table=drop table", "xxx.common.segment-table must be a plain SQL table name");
	}

	/** Segment ids on with one bad setting: the start fails, and the root cause names the key. */
	private void assertEnabledStartFailsWith(String setting, String message) {
		withH2().withPropertyValues("xxx.common.segment-enabled=true", setting)
			.run((context) -> assertThat(context).hasFailed().getFailure().rootCause().hasMessageContaining(message));
	}

	/** A store that keeps the {@link SegmentStore} contract, in memory: one tag, a row step. */
	static final class InMemorySegmentStore implements SegmentStore {

		private final String tag;

		private final AtomicLong maxId;

		private final int rowStep;

		InMemorySegmentStore(String tag, long maxId, int rowStep) {
			this.tag = tag;
			this.maxId = new AtomicLong(maxId);
			this.rowStep = rowStep;
		}

		@Override
		public SegmentRange allocate(String tag, int requestedStep) {
			return allocateExactly(tag, Math.max(requestedStep, this.rowStep));
		}

		@Override
		public SegmentRange allocateExactly(String tag, int size) {
			if (!tag.equals(this.tag)) {
				throw new UnknownSegmentTagException(tag, describe());
			}
			long lastId = this.maxId.addAndGet(size);
			return new SegmentRange(tag, lastId - size + 1, lastId, this.rowStep, Long.MAX_VALUE);
		}

		@Override
		public String describe() {
			return "my store";
		}

	}

	private static boolean tableExists(DataSource dataSource, String table) {
		try (var connection = dataSource.getConnection();
				var tables = connection.getMetaData().getTables(null, null, table, null)) {
			return tables.next();
		}
		catch (java.sql.SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
