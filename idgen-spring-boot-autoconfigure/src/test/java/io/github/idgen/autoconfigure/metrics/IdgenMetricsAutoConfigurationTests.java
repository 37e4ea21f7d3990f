package io.github.idgen.autoconfigure.metrics;

import java.time.Duration;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorsAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.metrics.IdgenMetrics;
import io.github.idgen.cluster.LeaseTestSupport;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.testsupport.RedisServer;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
import org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * idgen's Micrometer meters.
 */
class IdgenMetricsAutoConfigurationTests {

	@RegisterExtension
	static final LeaseTestSupport zookeeper = LeaseTestSupport.withTestingServer();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class,
				ClusterIdServiceAutoConfiguration.class, IdgenMetricsAutoConfiguration.class,
				MetricsAutoConfiguration.class, CompositeMeterRegistryAutoConfiguration.class))
		.withBean(SimpleMeterRegistry.class);

	@Test
	void eachNamedGeneratorCountsItsOwnIdsApartFromTheDefaultOnes() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
			.withPropertyValues("xxx.common.generators.js.layout=javascript-safe",
					"xxx.common.generators.orders.shard-bits=4")
			.run((context) -> {
				IdGenerators generators = context.getBean(IdGenerators.class);
				generators.get("js").nextIds(7);
				generators.sharded("orders").nextId(3);
				context.getBean(IdService.class).nextId();
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				assertThat(registry.get("idgen.generator.ids.issued").tag("generator", "js").functionCounter().count())
					.isEqualTo(7);
				assertThat(registry.get("idgen.generator.ids.issued")
					.tag("generator", "orders")
					.tag("mode", "fixed")
					.functionCounter()
					.count()).isEqualTo(1);
				assertThat(registry.get("idgen.ids.issued").functionCounter().count()).isEqualTo(1);
			});
	}

	@Test
	void fixedModeCountsIssuedIdsAndShowsTheWorkerId() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=6").run((context) -> {
			IdService idService = context.getBean(IdService.class);
			idService.nextId();
			idService.nextIds(99);
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			assertThat(registry.get("idgen.ids.issued").tag("mode", "fixed").functionCounter().count()).isEqualTo(100);
			assertThat(registry.get("idgen.worker.id").gauge().value()).isEqualTo(6);
			assertThat(registry.get("idgen.sequence.exhausted.waits").functionCounter().count()).isZero();
			assertThat(registry.get("idgen.clock.backwards.waits").functionCounter().count()).isZero();
			assertThat(registry.get("idgen.clock.backwards.failures").functionCounter().count()).isZero();
			assertThat(registry.find("idgen.lease.acquisitions").meter()).isNull();
		});
	}

	@Test
	void aCoarseTimeUnitsMarkIsMeasuredFromTheStartOfTheClocksUnitAndItsCapacityIsDescribed() {
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-enabled=true", "xxx.common.id-layout=javascript-safe",
					"xxx.common.zookeeper-addr=" + zookeeper.connectString(),
					"xxx.common.zookeeper-worker-ids-path=/metrics-js/worker_ids")
			.run((context) -> {
				IdServiceProxy proxy = context.getBean(IdServiceProxy.class);
				proxy.nextId();
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				long before = System.currentTimeMillis();
				double ahead = registry.get("idgen.lease.mark.ahead").gauge().value();
				long mark = proxy.getLease().getMarkMillis();
				// a mark promises its whole 1 s unit: ids stop only when a unit starts after it
				assertThat(ahead).isBetween((double) mark - before - 50, (double) mark - before + 1000);
				assertThat(registry.get("idgen.sequence.exhausted.waits").functionCounter().getId().getDescription())
					.isEqualTo("Waits for the next time unit after its 4096 sequence values were used up");
				assertThat(registry.get("idgen.lease.handover.wait").gauge().value()).isZero();
			});
	}

	@Test
	void clusterModeAddsLeaseMeters() {
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-enabled=true",
					"xxx.common.zookeeper-addr=" + zookeeper.connectString(),
					"xxx.common.zookeeper-worker-ids-path=/metrics/worker_ids",
					"xxx.common.zookeeper-session-timeout=3s")
			.run((context) -> {
				IdServiceProxy proxy = context.getBean(IdServiceProxy.class);
				proxy.nextIds(5000);
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				assertThat(registry.get("idgen.ids.issued").tag("mode", "cluster").functionCounter().count())
					.isEqualTo(5000);
				assertThat(registry.get("idgen.lease.acquisitions").functionCounter().count()).isEqualTo(1);
				assertThat(registry.get("idgen.lease.losses").functionCounter().count()).isZero();
				// renewed every third of the session timeout
				await().atMost(Duration.ofSeconds(10))
					.until(() -> registry.get("idgen.lease.renewals").functionCounter().count() >= 2);
				assertThat(registry.get("idgen.lease.renewal.failures").functionCounter().count()).isZero();
				assertThat(registry.get("idgen.lease.time.left").gauge().value()).isPositive()
					.isLessThanOrEqualTo(3000);
				assertThat(registry.get("idgen.zookeeper.reconnects").functionCounter().count()).isZero();
				assertThat(registry.find("idgen.jdbc.recoveries").meter()).isNull();
				assertThat(registry.get("idgen.ids.refused").functionCounter().count()).isZero();
				assertThat(registry.get("idgen.lease.valid").gauge().value()).isEqualTo(1);
				assertThat(registry.get("idgen.worker.id").gauge().value()).isEqualTo(proxy.getLease().getWorkerId());
				assertThat(registry.get("idgen.lease.mark.ahead").gauge().value()).isPositive();
				assertThat(registry.get("idgen.lease.handover.wait").gauge().value()).isZero();
				assertThat(registry.get("idgen.clock.lag").gauge().value()).isZero();
				FunctionTimer waits = registry.get("idgen.lease.wait").functionTimer();
				assertThat(waits.count()).isZero();
			});
	}

	@Test
	void jdbcModeCountsDatabaseRecoveriesUnderItsOwnNameAndRegistersNoZooKeeperMeter() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:metrics-jdbc;DB_CLOSE_DELAY=-1");
		this.contextRunner.withConfiguration(AutoConfigurations.of(JdbcIdServiceAutoConfiguration.class))
			.withBean(DataSource.class, () -> dataSource)
			.withPropertyValues("xxx.common.jdbc-enabled=true")
			.run((context) -> {
				context.getBean(IdService.class).nextIds(10);
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				assertThat(registry.get("idgen.ids.issued").tag("mode", "jdbc").functionCounter().count())
					.isEqualTo(10);
				assertThat(registry.get("idgen.lease.acquisitions").functionCounter().count()).isEqualTo(1);
				assertThat(registry.find("idgen.zookeeper.reconnects").meter()).isNull();
				assertThat(registry.get("idgen.jdbc.recoveries").tag("mode", "jdbc").functionCounter().count())
					.isZero();
			});
	}

	@Test
	void redisModeCountsReconnectsUnderItsOwnName() {
		this.contextRunner
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, RedisIdServiceAutoConfiguration.class))
			.withPropertyValues("xxx.common.redis-enabled=true", "xxx.common.redis-lease-group=metrics",
					"xxx.common.redis-lease-timeout=1s", "spring.data.redis.port=" + RedisServer.shared().port())
			.run((context) -> {
				context.getBean(IdService.class).nextIds(10);
				MeterRegistry registry = context.getBean(MeterRegistry.class);
				assertThat(registry.get("idgen.ids.issued").tag("mode", "redis").functionCounter().count()).isEqualTo(10);
				assertThat(registry.get("idgen.lease.acquisitions").functionCounter().count()).isEqualTo(1);
				assertThat(registry.get("idgen.redis.reconnects").tag("mode", "redis").functionCounter().count())
					.isZero();
				assertThat(registry.find("idgen.zookeeper.reconnects").meter()).isNull();
				assertThat(registry.find("idgen.jdbc.recoveries").meter()).isNull();
			});
	}

	@Test
	void aUserIdServiceThatNoModeDescribesGetsNoMeters() {
		this.contextRunner.withBean(IdService.class, () -> new IdServiceTwitter(1, 1))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdgenMetrics.class));
	}

	@Test
	void aUserIdgenMetricsBeanWins() {
		this.contextRunner.withUserConfiguration(UserMetricsConfiguration.class)
			.run((context) -> assertThat(context).hasSingleBean(IdgenMetrics.class)
				.getBean(IdgenMetrics.class)
				.isSameAs(context.getBean("userMetrics")));
	}

	@Test
	void withoutAMeterRegistryBeanThereAreNoMeters() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, IdgenMetricsAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdgenMetrics.class));
	}

	@Test
	void withoutMicrometerOnTheClasspathThereAreNoMeters() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, IdgenMetricsAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader(MeterRegistry.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdgenMetrics.class));
	}

	@Configuration(proxyBeanMethods = false)
	static class UserMetricsConfiguration {

		@Bean
		IdgenMetrics userMetrics(IdServiceInfo idServiceInfo) {
			return new IdgenMetrics(idServiceInfo);
		}

	}

}
