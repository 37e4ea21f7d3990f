package io.github.idgen.autoconfigure.codes;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.github.idgen.actuate.endpoint.IdgenSegmentsEndpoint;
import io.github.idgen.autoconfigure.segment.IdgenSegmentsActuatorAutoConfiguration;
import io.github.idgen.autoconfigure.segment.MissingSegmentTagsException;
import io.github.idgen.autoconfigure.segment.MissingSegmentTagsFailureAnalyzer;
import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentSchemaInitializer;
import io.github.idgen.codes.Codes;
import io.github.idgen.codes.UnknownCodeException;
import io.github.idgen.metrics.IdgenCodeMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link CodesAutoConfiguration}: the codes registry with segment ids on, its start-up checks, and the
 * period tags in the segment health, endpoint and meters.
 */
class CodesAutoConfigurationTests {

	private static final AtomicInteger databases = new AtomicInteger();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, SegmentIdServicesAutoConfiguration.class,
				IdgenSegmentsActuatorAutoConfiguration.class, CodesAutoConfiguration.class))
		.withPropertyValues("spring.datasource.generate-unique-name=false",
				"spring.datasource.url=jdbc:h2:mem:codes-config-" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1");

	private final ApplicationContextRunner withOrdersNoTag = this.contextRunner.withPropertyValues(
			"xxx.common.segment-enabled=true", "xxx.common.codes.orders.tag=orders",
			"xxx.common.codes.orders.pattern=ORD{yyyyMMdd}{seq:6}", "xxx.common.codes.orders.reset=daily");

	private final ApplicationContextRunner withOrders = this.withOrdersNoTag.withBean(OrdersTag.class);

	private static String today() {
		return LocalDate.now(ZoneOffset.UTC).format(DateTimeFormatter.BASIC_ISO_DATE);
	}

	/** The tag of code 'orders', inserted at start as an application's own bean would, once the table is made. */
	static class OrdersTag implements InitializingBean {

		private final DataSource dataSource;

		OrdersTag(DataSource dataSource, SegmentSchemaInitializer tableCreated) {
			this.dataSource = dataSource;
		}

		@Override
		public void afterPropertiesSet() {
			new JdbcTemplate(this.dataSource).update("INSERT INTO idgen_segment (tag, step) VALUES ('orders', 20)");
		}

	}

	@Test
	void aCodeWhoseTagDoesNotExistFailsStartUpWithTheInsertThatAddsIt() {
		this.withOrdersNoTag.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context.getStartupFailure()).isInstanceOf(MissingSegmentTagsException.class)
					.hasMessage("xxx.common.codes.orders.tag names segment tag 'orders', which does not exist in table"
							+ " idgen_segment");
				FailureAnalysis analysis = new MissingSegmentTagsFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getAction()).startsWith("Add the segment tag before starting")
					.contains("\n    INSERT INTO idgen_segment (tag, step) VALUES ('orders', 1000);\n");
			});
	}

	@Test
	void everyCodeWhoseTagDoesNotExistIsNamedAtOnce() {
		this.withOrdersNoTag.withBean(OrdersTag.class)
			.withPropertyValues("xxx.common.codes.bills.tag=bills", "xxx.common.codes.bills.pattern=B{seq:4}",
					"xxx.common.codes.notes.tag=notes", "xxx.common.codes.notes.pattern=N{seq:4}")
			.run((context) -> {
				assertThat(context.getStartupFailure()).isInstanceOf(MissingSegmentTagsException.class)
					.hasMessage("xxx.common.codes.bills.tag names segment tag 'bills', xxx.common.codes.notes.tag names"
							+ " segment tag 'notes', which does not exist in table idgen_segment");
				assertThat(new MissingSegmentTagsFailureAnalyzer().analyze(context.getStartupFailure()).getAction())
					.startsWith("Add the segment tags")
					.contains("VALUES ('bills', 1000);\n    INSERT INTO idgen_segment (tag, step) VALUES ('notes', 1000);");
			});
	}

	@Test
	void noCodesWithoutSegmentIds() {
		this.contextRunner.withPropertyValues("xxx.common.codes.orders.tag=orders")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(Codes.class));
	}

	@Test
	void segmentIdsOnServeEachCodeByNameFromItsDaysRow() {
		this.withOrders.run((context) -> {
			Codes codes = context.getBean(Codes.class);
			assertThat(codes.names()).containsExactly("orders");
			assertThat(codes.get("orders").next()).isEqualTo("ORD" + today() + "000001");
			assertThat(codes.get("orders").next(2)).containsExactly("ORD" + today() + "000002", "ORD" + today() + "000003");
			assertThat(new JdbcTemplate(context.getBean(DataSource.class)).queryForObject(
					"SELECT max_limit_id FROM idgen_segment WHERE tag = ?", Long.class, "orders:" + today())).isEqualTo(999_999);
		});
	}

	@Test
	void segmentIdsOnWithoutCodesGiveAnEmptyRegistryThatNamesTheKeyOfAnUnknownName() {
		this.contextRunner.withPropertyValues("xxx.common.segment-enabled=true").run((context) -> {
			assertThat(context.getBean(Codes.class).names()).isEmpty();
			assertThatExceptionOfType(UnknownCodeException.class).isThrownBy(() -> context.getBean(Codes.class).get("bills"))
				.withMessage("No business number code is named 'bills'; none is configured. Configure it under"
						+ " xxx.common.codes.bills.*");
		});
	}

	@Test
	void userCodesWin() {
		Codes mine = new Codes(Map.of());
		this.withOrders.withBean(Codes.class, () -> mine)
			.run((context) -> assertThat(context.getBean(Codes.class)).isSameAs(mine));
	}

	@Test
	void codeWithoutATagFailsNamingTheProperty() {
		assertStartFailsWith(Map.of("pattern", "A{seq:4}"),
				"xxx.common.codes.bills.tag is not set: name the segment tag whose row code 'bills' counts on, such as 'bills'.");
	}

	@Test
	void codeWithoutAPatternFailsNamingTheProperty() {
		assertStartFailsWith(Map.of("tag", "bills"), "xxx.common.codes.bills.pattern is not set: give the numbers' pattern,"
				+ " such as 'ORD{yyyyMMdd}{seq:6}' with reset 'daily'.");
	}

	@Test
	void malformedPatternFailsNamingThePropertyAndTheProblem() {
		assertStartFailsWith(Map.of("tag", "bills", "pattern", "B{seq:20}"), "xxx.common.codes.bills.pattern: Business"
				+ " number pattern 'B{seq:20}' has {seq:20}, but the width must be from 1 to 18.");
	}

	@Test
	void patternWhoseNumbersWouldRepeatFailsNamingThePropertyAndTheFix() {
		assertStartFailsWith(Map.of("tag", "bills", "pattern", "B{MMdd}{seq:4}", "reset", "daily"),
				"xxx.common.codes.bills.pattern: Business number pattern 'B{MMdd}{seq:4}' writes the same date text");
		assertStartFailsWith(Map.of("tag", "bills", "pattern", "B{yyyyMMdd}{seq:4}"),
				"has date fields, but reset 'never' has no periods for them: use reset 'daily', 'monthly' or 'yearly'");
	}

	@Test
	void unknownZoneFailsNamingThePropertyAndTheFix() {
		assertStartFailsWith(Map.of("tag", "bills", "pattern", "B{yyyyMMdd}{seq:4}", "reset", "daily", "zone", "Mars/Base"),
				"xxx.common.codes.bills.zone 'Mars/Base' is not a time zone: use a region such as 'Asia/Shanghai' or an"
						+ " offset such as '+08:00'.");
	}

	@Test
	void unknownResetFailsNamingTheProperty() {
		this.contextRunner.withPropertyValues("xxx.common.segment-enabled=true", "xxx.common.codes.bills.tag=bills",
				"xxx.common.codes.bills.pattern=B{seq:4}", "xxx.common.codes.bills.reset=hourly")
			.run((context) -> assertThat(context).hasFailed().getFailure()
				.hasStackTraceContaining("Failed to bind properties under 'xxx.common.codes.bills.reset'"));
	}

	@Test
	void periodTagsShowInTheSegmentsEndpointAndHealthLikeAnyTag() {
		this.withOrders.withPropertyValues("management.endpoints.web.exposure.include=idgenSegments").run((context) -> {
			context.getBean(Codes.class).get("orders").next(5);
			IdgenSegmentsEndpoint.SegmentsDescriptor segments = context.getBean(IdgenSegmentsEndpoint.class).segments();
			assertThat(segments.tags()).singleElement().satisfies((tag) -> {
				assertThat(tag.tag()).isEqualTo("orders:" + today());
				assertThat(tag.currentFirstId()).isEqualTo(1);
				assertThat(tag.currentLastId()).isEqualTo(20);
			});
			Health health = context.getBean("idgenSegmentsHealthIndicator", HealthIndicator.class).health(true);
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails().get("tags")).asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
				.containsKey("orders:" + today());
		});
	}

	@Test
	void metersPerCodeAndPeriodTagWhenAMeterRegistryExists() {
		this.withOrders.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run((context) -> {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			context.getBean(IdgenCodeMetrics.class).bindTo(registry);
			context.getBean(io.github.idgen.metrics.IdgenSegmentMetrics.class).bindTo(registry);
			assertThat(registry.get("idgen.code.sequence.taken").tag("code", "orders").gauge().value()).isZero();
			context.getBean(Codes.class).get("orders").next(3);
			assertThat(registry.get("idgen.code.sequence.taken").tag("code", "orders").gauge().value()).isEqualTo(20);
			assertThat(registry.get("idgen.code.sequence.capacity").tag("code", "orders").gauge().value()).isEqualTo(999_999);
			assertThat(registry.get("idgen.segment.range.last").tag("tag", "orders:" + today()).gauge().value()).isEqualTo(20);
		});
	}

	@Test
	void noCodeMetersWithoutMicrometer() {
		this.withOrders.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).hasSingleBean(Codes.class).doesNotHaveBean(IdgenCodeMetrics.class));
	}

	/** A code {@code bills} with some keys: the start fails, and the root cause names the key. */
	private void assertStartFailsWith(Map<String, String> keys, String message) {
		String[] properties = keys.entrySet().stream()
			.map((key) -> "xxx.common.codes.bills." + key.getKey() + "=" + key.getValue())
			.toArray(String[]::new);
		this.contextRunner.withPropertyValues("xxx.common.segment-enabled=true").withPropertyValues(properties)
			.run((context) -> assertThat(context).hasFailed().getFailure().rootCause().hasMessageContaining(message));
	}

}
