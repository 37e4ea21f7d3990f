package io.github.idgen.autoconfigure.segment;

import java.net.URI;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.client.HttpSegmentStoreAutoConfiguration;
import io.github.idgen.autoconfigure.codes.CodesAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisSegmentStoreAutoConfiguration;
import io.github.idgen.codes.Codes;
import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.testsupport.AtOnce;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Segment tags declared in configuration ({@code xxx.common.segment-tags.<tag>.*}) are created at
 * start-up when missing, so that a fresh database serves them (and the codes and {@code @IdgenId}
 * mappings that name them) on the first start; a tag that exists is left alone, with a log line when
 * its settings differ. On H2, real PostgreSQL and MariaDB, and a real redis-server.
 */
@ExtendWith(OutputCaptureExtension.class)
class DeclaredSegmentTagsAutoConfigurationTests {

	private static final AtomicInteger databases = new AtomicInteger();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, SegmentIdServicesAutoConfiguration.class,
				RedisSegmentStoreAutoConfiguration.class, HttpSegmentStoreAutoConfiguration.class,
				DeclaredSegmentTagsAutoConfiguration.class))
		.withPropertyValues("xxx.common.segment-enabled=true");

	private ApplicationContextRunner withH2(String database) {
		return this.contextRunner.withPropertyValues("spring.datasource.url=jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1",
				"spring.datasource.generate-unique-name=false");
	}

	@Test
	void aDeclaredTagIsCreatedOnAFreshDatabaseWithItsSettings() {
		withH2("declared-" + databases.incrementAndGet())
			.withPropertyValues("xxx.common.segment-tags.orders.step=100", "xxx.common.segment-tags.orders.ids-above=1000",
					"xxx.common.segment-tags.orders.max-limit-id=999999",
					"xxx.common.segment-tags.orders.description=order numbers")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(SegmentIdServices.class).forTag("orders").nextIds(2)).containsExactly(1001L, 1002L);
				assertThat(new JdbcTemplate(context.getBean(DataSource.class)).queryForMap(
						"SELECT step, max_id, max_limit_id, description FROM idgen_segment WHERE tag = 'orders'"))
					.containsEntry("STEP", 100)
					.containsEntry("MAX_ID", 1100L)
					.containsEntry("MAX_LIMIT_ID", 999999L)
					.containsEntry("DESCRIPTION", "order numbers");
			});
	}

	@Test
	void aDeclaredTagsIdsAboveQueryMakesItStartAboveTheLargestIdOfTheTable() throws Exception {
		for (DatabaseServer server : new DatabaseServer[] { PostgresServer.shared(), MariaDbServer.shared() }) {
			String legacy = "legacy_orders_" + databases.incrementAndGet();
			server.execute("CREATE TABLE " + legacy + " (id BIGINT PRIMARY KEY)",
					"INSERT INTO " + legacy + " VALUES (250000), (17)");
			this.contextRunner
				.withPropertyValues("spring.datasource.url=" + server.jdbcUrl(),
						"spring.datasource.username=" + server.username(), "spring.datasource.password=" + server.password(),
						"xxx.common.segment-table=declared_" + databases.incrementAndGet(),
						"xxx.common.segment-initialize-schema=always", "xxx.common.segment-tags.orders.step=100",
						"xxx.common.segment-tags.orders.ids-above-query=SELECT max(id) FROM " + legacy)
				.run((context) -> {
					assertThat(context).hasNotFailed();
					assertThat(context.getBean(SegmentIdServices.class).forTag("orders").nextIds(2)).as(server.toString())
						.containsExactly(250001L, 250002L);
				});
		}
	}

	@Test
	void aDeclaredTagsIdsAboveQueryThatLeavesNoIdBelowMaxLimitIdFailsStartUp() {
		withH2("declared-" + databases.incrementAndGet())
			.withPropertyValues("xxx.common.segment-tags.orders.step=100", "xxx.common.segment-tags.orders.max-limit-id=500",
					"xxx.common.segment-tags.orders.ids-above-query=SELECT 500")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.hasMessageContaining("xxx.common.segment-tags.orders.ids-above-query = SELECT 500 returned 500, which"
							+ " leaves the tag no id below its max-limit-id 500");
			});
	}

	@Test
	void aDeclaredTagWithBothIdsAboveAndItsQueryFailsStartUpNamingBoth() {
		withH2("declared-" + databases.incrementAndGet())
			.withPropertyValues("xxx.common.segment-tags.orders.step=100", "xxx.common.segment-tags.orders.ids-above=5",
					"xxx.common.segment-tags.orders.ids-above-query=SELECT 7")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).rootCause()
					.hasMessageContaining("xxx.common.segment-tags.orders.ids-above = 5 and"
							+ " xxx.common.segment-tags.orders.ids-above-query are both set");
			});
	}

	@Test
	void aDeclaredComposedTagIsCreatedWithItsComposition() {
		withH2("declared-" + databases.incrementAndGet())
			.withPropertyValues("xxx.common.segment-tags.lines.step=10", "xxx.common.segment-tags.lines.business-id=5",
					"xxx.common.segment-tags.lines.business-bits=3", "xxx.common.segment-tags.lines.shard-bits=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(SegmentIdServices.class).forTag("lines").nextId(3))
					.isEqualTo(new SegmentComposition(5, 3, 2).compose(1, 3));
			});
	}

	@Test
	void aCodeNamingADeclaredTagStartsOnTheFirstStart() {
		withH2("declared-" + databases.incrementAndGet())
			.withConfiguration(AutoConfigurations.of(CodesAutoConfiguration.class))
			.withPropertyValues("xxx.common.segment-tags.invoices.step=10", "xxx.common.codes.bills.tag=invoices",
					"xxx.common.codes.bills.pattern=B{seq:4}")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(Codes.class).get("bills").next()).isEqualTo("B0001");
			});
	}

	@Test
	void aDeclaredTagThatExistsWithOtherSettingsIsLeftAloneAndTheLogSaysSo(CapturedOutput output) {
		ApplicationContextRunner runner = withH2("declared-" + databases.incrementAndGet());
		runner.run((context) -> new JdbcTemplate(context.getBean(DataSource.class))
			.update("INSERT INTO idgen_segment (tag, max_id, step) VALUES ('orders', 500, 10)"));
		runner.withPropertyValues("xxx.common.segment-tags.orders.step=100").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context.getBean(SegmentIdServices.class).forTag("orders").nextId()).isEqualTo(501);
			assertThat(new JdbcTemplate(context.getBean(DataSource.class))
				.queryForObject("SELECT step FROM idgen_segment WHERE tag = 'orders'", Integer.class)).isEqualTo(10);
		});
		assertThat(output).contains("Segment tag 'orders' exists in table idgen_segment with other settings than"
				+ " xxx.common.segment-tags.orders declares: step 10 instead of 100. It is left as it is");
	}

	@Test
	void aDeclarationWithoutAStepFailsNamingTheKey() {
		withH2("declared-" + databases.incrementAndGet())
			.withPropertyValues("xxx.common.segment-tags.orders.description=order numbers")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("xxx.common.segment-tags.orders.step is required: how many ids one range of the tag"
						+ " takes at least, such as 1000"));
	}

	@Test
	void aBadDeclarationFailsNamingTheKeyAndTheRule() {
		withH2("declared-" + databases.incrementAndGet())
			.withPropertyValues("xxx.common.segment-tags.lines.step=10", "xxx.common.segment-tags.lines.shard-bits=11")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("xxx.common.segment-tags.lines has shard_bits 11, but shard_bits must be from 0 to 10"));
	}

	@Test
	void declaredTagsAreCreatedOnPostgresAndMariaDbAndRacingStartsEndInOneRow() throws Exception {
		for (DatabaseServer server : new DatabaseServer[] { PostgresServer.shared(), MariaDbServer.shared() }) {
			String table = "declared_" + databases.incrementAndGet();
			ApplicationContextRunner runner = this.contextRunner.withPropertyValues(
					"spring.datasource.url=" + server.jdbcUrl(), "spring.datasource.username=" + server.username(),
					"spring.datasource.password=" + server.password(), "xxx.common.segment-table=" + table,
					"xxx.common.segment-initialize-schema=always", "xxx.common.segment-tags.orders.step=25");
			List<Long> firstIds = AtOnce.run(List.of(1, 2, 3, 4), (instance) -> {
				List<Long> ids = new ArrayList<>();
				runner.run((context) -> {
					assertThat(context).hasNotFailed();
					ids.add(context.getBean(SegmentIdServices.class).forTag("orders").nextId());
				});
				return ids.get(0);
			});
			assertThat(firstIds).as(server.toString()).containsExactlyInAnyOrder(1L, 26L, 51L, 76L);
			assertThat(countRows(server, table)).isOne();
		}
	}

	@Test
	void aDeclaredTagIsCreatedInRedis() {
		RedisServer redis = RedisServer.shared();
		String tag = "declared-" + databases.incrementAndGet();
		this.contextRunner.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
			.withPropertyValues("xxx.common.segment-store=redis", "spring.data.redis.port=" + redis.port(),
					"xxx.common.segment-tags[" + tag + "].step=10", "xxx.common.segment-tags[" + tag + "].ids-above=7")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(SegmentIdServices.class).forTag(tag).nextId()).isEqualTo(8);
				assertThat(redis.cli("HGET", "idgen:segment:" + tag, "step").trim()).isEqualTo("10");
			});
	}

	@Test
	void declaredTagsWithAStoreThatCannotCreateThemFailNamingTheKey() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(HttpSegmentStoreAutoConfiguration.class,
					SegmentIdServicesAutoConfiguration.class, DeclaredSegmentTagsAutoConfiguration.class))
			.withPropertyValues("xxx.common.server-urls=" + URI.create("http://127.0.0.1:1"),
					"xxx.common.segment-tags.orders.step=10")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(InvalidConfigurationPropertyValueException.class)
				.hasMessageContaining("xxx.common.segment-tags")
				.hasMessageContaining("idgen-server http://127.0.0.1:1 cannot create segment tags"));
	}

	private static long countRows(DatabaseServer server, String table) throws SQLException {
		try (Connection connection = server.connect(); Statement statement = connection.createStatement();
				ResultSet count = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
			count.next();
			return count.getLong(1);
		}
	}

}
