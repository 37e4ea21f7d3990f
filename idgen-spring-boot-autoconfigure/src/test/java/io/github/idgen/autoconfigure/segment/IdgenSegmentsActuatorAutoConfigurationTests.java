package io.github.idgen.autoconfigure.segment;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.github.idgen.actuate.endpoint.IdgenSegmentsEndpoint;
import io.github.idgen.health.IdgenSegmentsHealthIndicator;
import io.github.idgen.metrics.IdgenSegmentMetrics;
import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentIdsUnavailableException;
import io.github.idgen.segment.SegmentStatistics;
import io.github.idgen.segment.SegmentTagRefusedException;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.Status;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link IdgenSegmentsActuatorAutoConfiguration}: health, endpoint and meters of segment ids.
 */
class IdgenSegmentsActuatorAutoConfigurationTests {

	private static final AtomicInteger databases = new AtomicInteger();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, SegmentIdServicesAutoConfiguration.class,
				IdgenSegmentsActuatorAutoConfiguration.class))
		.withPropertyValues("xxx.common.segment-enabled=true", "xxx.common.segment-wait-timeout=200ms",
				"xxx.common.segment-retry-interval=10ms", "spring.datasource.generate-unique-name=false",
				"spring.datasource.url=jdbc:h2:mem:segment-actuator-" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1");

	@Test
	void nothingWithoutSegmentIds() {
		this.contextRunner.withPropertyValues("xxx.common.segment-enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(IdgenSegmentsHealthIndicator.class)
				.doesNotHaveBean(IdgenSegmentsEndpoint.class));
	}

	@Test
	void healthIsUpWithTagDetailsAndOutOfServiceWhenTheStoreIsGoneAndNothingIsPreloaded() {
		this.contextRunner.run((context) -> {
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			jdbc.update("INSERT INTO idgen_segment (tag, step) VALUES ('orders', 5)");
			SegmentIdServices services = context.getBean(SegmentIdServices.class);
			services.forTag("orders").nextId();
			HealthIndicator indicator = context.getBean("idgenSegmentsHealthIndicator", HealthIndicator.class);
			Health health = indicator.health(true);
			assertThat(health.getStatus()).isEqualTo(Status.UP);
			assertThat(health.getDetails()).containsEntry("store", "table idgen_segment").containsKey("tags");
			jdbc.update("ALTER TABLE idgen_segment RENAME TO gone");
			org.awaitility.Awaitility.await().until(() -> {
				try {
					services.forTag("orders").nextId();
				}
				catch (RuntimeException ex) {
					// drained: the store is gone
				}
				return indicator.health(true).getStatus().equals(Status.OUT_OF_SERVICE);
			});
		});
	}

	@Test
	void theEndpointShowsTheCompositionOfAComposedTagAndNoneForAPlainOne() {
		this.contextRunner.withPropertyValues("management.endpoints.web.exposure.include=idgenSegments").run((context) -> {
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			jdbc.update("INSERT INTO idgen_segment (tag, step) VALUES ('plain', 5)");
			jdbc.update("INSERT INTO idgen_segment (tag, step, business_id, business_bits, shard_bits)"
					+ " VALUES ('composed', 5, 2, 3, 4)");
			SegmentIdServices services = context.getBean(SegmentIdServices.class);
			services.forTag("plain").nextId();
			services.forTag("composed").nextId(7);
			assertThat(context.getBean(IdgenSegmentsEndpoint.class).segments().tags())
				.extracting(SegmentStatistics::tag, SegmentStatistics::composition)
				.containsExactlyInAnyOrder(tuple("plain", null), tuple("composed", new SegmentComposition(2, 3, 4)));
		});
	}

	@Test
	void healthIsOutOfServiceWhileAnAllocationRunsPastTheWaitForARange() {
		this.contextRunner.withPropertyValues("xxx.common.segment-allocation-timeout=30s", "xxx.common.segment-wait-timeout=1s",
				"spring.datasource.url=jdbc:h2:mem:segment-actuator-" + databases.incrementAndGet()
						+ ";DB_CLOSE_DELAY=-1;LOCK_TIMEOUT=30000")
			.run((context) -> {
				DataSource dataSource = context.getBean(DataSource.class);
				new JdbcTemplate(dataSource).update("INSERT INTO idgen_segment (tag, step) VALUES ('orders', 5)");
				SegmentIdServices services = context.getBean(SegmentIdServices.class);
				services.forTag("orders").nextId();
				org.awaitility.Awaitility.await().until(() -> services.statistics().get(0).nextRangeLoaded());
				HealthIndicator indicator = context.getBean("idgenSegmentsHealthIndicator", HealthIndicator.class);
				// an instance stalled in its allocation holds the row: the store's call blocks, it does not fail
				try (Connection holder = dataSource.getConnection()) {
					holder.setAutoCommit(false);
					try (Statement lock = holder.createStatement()) {
						lock.executeQuery("SELECT max_id FROM idgen_segment WHERE tag = 'orders' FOR UPDATE").close();
					}
					assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(() -> {
						for (;;) {
							services.forTag("orders").nextId();
						}
					});
					Health health = indicator.health(true);
					assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
					assertThat(health.getDetails().get("tags")).asInstanceOf(InstanceOfAssertFactories.MAP)
						.extractingByKey("orders")
						.asInstanceOf(InstanceOfAssertFactories.MAP)
						.containsEntry("storeReachable", false)
						.hasEntrySatisfying("lastError", (error) -> assertThat(error).asString()
							.isEqualTo("Allocation from table idgen_segment still running after PT1S, the wait for a range"));
					holder.rollback();
				}
				org.awaitility.Awaitility.await().until(() -> indicator.health(true).getStatus().equals(Status.UP));
			});
	}

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', value = {
			"composition changed | UPDATE idgen_segment SET business_bits = 1 WHERE tag = 'orders' | changed its composition",
			"store went back | UPDATE idgen_segment SET max_id = 2 WHERE tag = 'orders' | the store lost committed allocations" })
	void aTagRefusedForGoodIsDownInHealthAndRefusedInTheEndpoint(String what, String change, String error) {
		// a wait no busy machine runs out of: the allocation that is refused must end it, not the wait
		this.contextRunner.withPropertyValues("management.endpoints.web.exposure.include=idgenSegments",
				"xxx.common.segment-wait-timeout=30s").run((context) -> {
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			jdbc.update("INSERT INTO idgen_segment (tag, step, business_id, business_bits) VALUES ('orders', 5, 1, 2)");
			jdbc.update("INSERT INTO idgen_segment (tag, step) VALUES ('users', 5)");
			SegmentIdServices services = context.getBean(SegmentIdServices.class);
			services.forTag("users").nextId();
			services.forTag("orders").nextId();
			jdbc.update(change);
			assertThatExceptionOfType(SegmentTagRefusedException.class).isThrownBy(() -> {
				for (;;) {
					services.forTag("orders").nextId();
				}
			});
			HealthIndicator indicator = context.getBean("idgenSegmentsHealthIndicator", HealthIndicator.class);
			Health health = indicator.health(true);
			assertThat(health.getStatus()).isEqualTo(Status.DOWN);
			assertThat(health.getDetails().get("tags")).asInstanceOf(InstanceOfAssertFactories.MAP)
				.hasEntrySatisfying("users", (users) -> assertThat(users).asInstanceOf(InstanceOfAssertFactories.MAP)
					.doesNotContainKey("refused"))
				.extractingByKey("orders")
				.asInstanceOf(InstanceOfAssertFactories.MAP)
				.containsEntry("refused", true)
				.containsEntry("storeReachable", true)
				.hasEntrySatisfying("lastError", (message) -> assertThat(message).asString().contains(error));
			assertThat(context.getBean(IdgenSegmentsEndpoint.class).segments().tags())
				.extracting(SegmentStatistics::tag, SegmentStatistics::refused)
				.containsExactly(tuple("orders", true), tuple("users", false));
			// the tag's record changed back: the refusal stands, and health with it
			jdbc.update("UPDATE idgen_segment SET business_bits = 2, max_id = 100 WHERE tag = 'orders'");
			org.awaitility.Awaitility.await().during(java.time.Duration.ofMillis(200)).until(() -> {
				assertThatExceptionOfType(SegmentTagRefusedException.class).isThrownBy(() -> services.forTag("orders").nextId());
				return indicator.health(true).getStatus().equals(Status.DOWN);
			});
		});
	}

	@Test
	void tagWithoutAFirstRangeShowsInHealthAndTheEndpointUntilItGetsItsRangeByItself() {
		this.contextRunner.withPropertyValues("management.endpoints.web.exposure.include=idgenSegments").run((context) -> {
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			jdbc.update("INSERT INTO idgen_segment (tag, step) VALUES ('orders', 5)");
			jdbc.update("ALTER TABLE idgen_segment RENAME TO gone");
			SegmentIdServices services = context.getBean(SegmentIdServices.class);
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(() -> services.forTag("orders"));
			HealthIndicator indicator = context.getBean("idgenSegmentsHealthIndicator", HealthIndicator.class);
			Health health = indicator.health(true);
			assertThat(health.getStatus()).isEqualTo(Status.OUT_OF_SERVICE);
			assertThat(health.getDetails().get("tags")).asInstanceOf(InstanceOfAssertFactories.MAP)
				.extractingByKey("orders")
				.asInstanceOf(InstanceOfAssertFactories.MAP)
				.containsEntry("idsLeft", 0L)
				.containsEntry("storeReachable", false)
				.hasEntrySatisfying("lastError", (error) -> assertThat(error).asString()
					.startsWith("Could not allocate a range of segment tag 'orders' from table idgen_segment"));
			assertThat(context.getBean(IdgenSegmentsEndpoint.class).segments().tags()).singleElement()
				.satisfies((tag) -> {
					assertThat(tag.tag()).isEqualTo("orders");
					assertThat(tag.currentFirstId()).isZero();
					assertThat(tag.storeReachable()).isFalse();
				});
			jdbc.update("ALTER TABLE gone RENAME TO idgen_segment");
			// nobody asks for the tag: it gets its first range by itself, and health comes back
			org.awaitility.Awaitility.await().until(() -> indicator.health(true).getStatus().equals(Status.UP));
			assertThat(services.forTag("orders").nextId()).isEqualTo(1);
		});
	}

	@Test
	void healthIndicatorNeedsBootsHealthSupport() {
		this.contextRunner
			.withClassLoader(new FilteredClassLoader(HealthIndicator.class))
			.run((context) -> assertThat(context).hasSingleBean(SegmentIdServices.class)
				.doesNotHaveBean(IdgenSegmentsHealthIndicator.class));
	}

	@Test
	void healthIndicatorCanBeSwitchedOff() {
		this.contextRunner.withPropertyValues("management.health.idgenSegments.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(IdgenSegmentsHealthIndicator.class));
	}

	@Test
	void endpointWhenExposedDescribesEachTag() {
		this.contextRunner.withPropertyValues("management.endpoints.web.exposure.include=idgenSegments")
			.run((context) -> {
				new JdbcTemplate(context.getBean(DataSource.class))
					.update("INSERT INTO idgen_segment (tag, step, max_id) VALUES ('users', 100, 1000)");
				context.getBean(SegmentIdServices.class).forTag("users").nextId();
				IdgenSegmentsEndpoint.SegmentsDescriptor segments = context.getBean(IdgenSegmentsEndpoint.class).segments();
				assertThat(segments.store()).isEqualTo("table idgen_segment");
				assertThat(segments.tags()).singleElement().satisfies((tag) -> {
					assertThat(tag.tag()).isEqualTo("users");
					assertThat(tag.currentFirstId()).isEqualTo(1001);
					assertThat(tag.currentLastId()).isEqualTo(1100);
					assertThat(tag.step()).isEqualTo(100);
				});
			});
	}

	@Test
	void endpointIsNotThereUnlessExposed() {
		this.contextRunner.run((context) -> assertThat(context).doesNotHaveBean(IdgenSegmentsEndpoint.class));
	}

	@Test
	void metersPerTagWhenAMeterRegistryExists() {
		this.contextRunner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run((context) -> {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			context.getBean(IdgenSegmentMetrics.class).bindTo(registry);
			new JdbcTemplate(context.getBean(DataSource.class))
				.update("INSERT INTO idgen_segment (tag, step) VALUES ('orders', 50)");
			context.getBean(SegmentIdServices.class).forTag("orders").nextIds(10);
			assertThat(registry.get("idgen.segment.ids.left").tag("tag", "orders").gauge().value()).isGreaterThanOrEqualTo(40);
			assertThat(registry.get("idgen.segment.range.last").tag("tag", "orders").gauge().value()).isEqualTo(50);
			assertThat(registry.get("idgen.segment.allocations").tag("tag", "orders").functionCounter().count())
				.isGreaterThanOrEqualTo(1);
			assertThat(registry.get("idgen.segment.store.errors").tag("tag", "orders").functionCounter().count()).isZero();
			// the refill latency: each allocation that got a range, and how long the store took to answer it;
			// read again until a preload running beside these reads has been counted by both
			FunctionTimer allocation = registry.get("idgen.segment.allocation").tag("tag", "orders").functionTimer();
			await().atMost(Duration.ofSeconds(5))
				.untilAsserted(() -> assertThat(allocation.count()).isEqualTo(
						registry.get("idgen.segment.allocations").tag("tag", "orders").functionCounter().count()));
			assertThat(allocation.totalTime(TimeUnit.NANOSECONDS)).isPositive();
		});
	}

	@Test
	void metersOfAForgottenTagAreRemovedAndComeBackWithItsNextUse() {
		this.contextRunner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run((context) -> {
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			context.getBean(IdgenSegmentMetrics.class).bindTo(registry);
			new JdbcTemplate(context.getBean(DataSource.class))
				.update("INSERT INTO idgen_segment (tag, step) VALUES ('orders:20261124', 50), ('users', 10)");
			SegmentIdServices services = context.getBean(SegmentIdServices.class);
			services.forTag("orders:20261124").nextId();
			services.forTag("users").nextId();
			services.forget("orders:20261124");
			assertThat(registry.getMeters()).noneMatch((meter) -> "orders:20261124".equals(meter.getId().getTag("tag")));
			assertThat(registry.get("idgen.segment.ids.left").tag("tag", "users").gauge().value()).isPositive();
			services.forTag("orders:20261124").nextId();
			assertThat(registry.get("idgen.segment.range.first").tag("tag", "orders:20261124").gauge().value()).isEqualTo(51);
		});
	}

	@Test
	void noMetersWithoutMicrometer() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).doesNotHaveBean(IdgenSegmentMetrics.class));
	}

	@Test
	void userHealthIndicatorWins() {
		this.contextRunner.withBean("idgenSegmentsHealthIndicator", HealthIndicator.class, () -> () -> Health.up().build())
			.run((context) -> assertThat(context).doesNotHaveBean(IdgenSegmentsHealthIndicator.class)
				.hasBean("idgenSegmentsHealthIndicator"));
	}

}
