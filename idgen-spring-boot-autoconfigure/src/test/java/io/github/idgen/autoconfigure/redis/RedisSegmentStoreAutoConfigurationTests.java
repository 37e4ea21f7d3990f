package io.github.idgen.autoconfigure.redis;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.codes.CodesAutoConfiguration;
import io.github.idgen.autoconfigure.segment.MissingSegmentTagsException;
import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentSchemaInitializer;
import io.github.idgen.codes.Codes;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.redis.RedisConnector;
import io.github.idgen.redis.RedisLeaseDeployment;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.github.idgen.testsupport.RedisServer;
import io.lettuce.core.RedisClient;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.MapPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The Redis segment store's wiring on a real redis-server (its allocation under failures is proven in
 * {@code io.github.idgen.redis}).
 */
class RedisSegmentStoreAutoConfigurationTests {

	private static final RedisServer server = RedisServer.shared();

	private static final AtomicInteger tags = new AtomicInteger();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, DataSourceAutoConfiguration.class,
				SegmentIdServicesAutoConfiguration.class, RedisSegmentStoreAutoConfiguration.class))
		.withPropertyValues("xxx.common.segment-enabled=true", "spring.data.redis.port=" + server.port(),
				"spring.datasource.url=jdbc:h2:mem:redis-segments;DB_CLOSE_DELAY=-1");

	@Test
	void segmentEnabledWrittenYesAndTheStoreInCapitalsWithASpaceServeFromRedisAsTheSettingsBindThem() {
		this.contextRunner.withPropertyValues("xxx.common.segment-enabled=yes")
			// as a .properties file holds it, trailing space kept (withPropertyValues trims)
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new MapPropertySource("application.properties", Map.of("xxx.common.segment-store", "REDIS "))))
			.run((context) -> assertThat(context).hasSingleBean(RedisSegmentStore.class)
				.doesNotHaveBean(JdbcSegmentStore.class)
				.hasSingleBean(SegmentIdServices.class));
	}

	@Test
	void segmentStoreRedisServesTheTagsAnOperatorCreatedInRedis() {
		this.contextRunner.withPropertyValues("xxx.common.segment-store=redis").run((context) -> {
			assertThat(context).hasSingleBean(RedisSegmentStore.class).doesNotHaveBean(JdbcSegmentStore.class);
			assertThat(context).doesNotHaveBean(SegmentSchemaInitializer.class);
			String tag = "autoconfigure-" + tags.incrementAndGet();
			server.cli("HSET", "idgen:segment:" + tag, "max_id", "500", "step", "10", "max_limit_id",
					"9223372036854775807");
			SegmentIdServices services = context.getBean(SegmentIdServices.class);
			assertThat(services.forTag(tag).nextIds(3)).containsExactly(501L, 502L, 503L);
			assertThat(services.describeStore())
				.isEqualTo("Redis hashes idgen:segment:<tag> at redis://localhost:" + server.port());
			assertThatExceptionOfType(UnknownSegmentTagException.class)
				.isThrownBy(() -> services.forTag("nobody-created-" + tag).nextId());
		});
	}

	@Test
	void aCodeWhoseTagHasNoHashFailsStartUpWithTheCommandThatAddsIt() {
		String tag = "code-" + tags.incrementAndGet();
		this.contextRunner.withConfiguration(AutoConfigurations.of(CodesAutoConfiguration.class))
			.withPropertyValues("xxx.common.segment-store=redis", "xxx.common.codes.bills.tag=" + tag,
					"xxx.common.codes.bills.pattern=B{seq:4}")
			.run((context) -> {
				assertThat(context.getStartupFailure()).isInstanceOf(MissingSegmentTagsException.class)
					.hasMessageStartingWith("xxx.common.codes.bills.tag names segment tag '" + tag + "', which does not"
							+ " exist in Redis hashes idgen:segment:<tag>");
				assertThat(((MissingSegmentTagsException) context.getStartupFailure()).getHowToAdd())
					.containsExactly("redis-cli HSET idgen:segment:" + tag
							+ " max_id 0 step 1000 max_limit_id 9223372036854775807 version 0");
			});
		server.cli("HSET", "idgen:segment:" + tag, "max_id", "0", "step", "10", "max_limit_id", "9223372036854775807");
		this.contextRunner.withConfiguration(AutoConfigurations.of(CodesAutoConfiguration.class))
			.withPropertyValues("xxx.common.segment-store=redis", "xxx.common.codes.bills.tag=" + tag,
					"xxx.common.codes.bills.pattern=B{seq:4}")
			.run((context) -> assertThat(context.getBean(Codes.class).get("bills").next()).isEqualTo("B0001"));
	}

	@Test
	void segmentStoreJdbcByDefaultOpensNoRedisConnection() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(JdbcSegmentStore.class).hasSingleBean(SegmentSchemaInitializer.class);
			assertThat(context).doesNotHaveBean(RedisConnector.class).doesNotHaveBean(RedisSegmentStore.class);
		});
	}

	@Test
	void theLeaseAndTheStoreShareOneConnector() {
		this.contextRunner
			.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, RedisIdServiceAutoConfiguration.class))
			.withPropertyValues("xxx.common.segment-store=redis", "xxx.common.redis-enabled=true",
					"xxx.common.redis-lease-timeout=1s")
			.run((context) -> assertThat(context).hasSingleBean(RedisConnector.class)
				.hasSingleBean(RedisLeaseDeployment.class)
				.hasSingleBean(RedisSegmentStore.class));
	}

	@Test
	void aServerWithoutTheExpectedReplicasIsRefused() {
		this.contextRunner.withPropertyValues("xxx.common.segment-store=redis", "xxx.common.redis-expected-replicas=2")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context).getFailure().rootCause().hasMessageContaining("0 replica(s) connected, 2 expected");
			});
	}

	@Test
	void withoutARedisClientStartUpFailsSayingWhatToDependOn() {
		this.contextRunner.withPropertyValues("xxx.common.segment-store=redis")
			.withClassLoader(new FilteredClassLoader(RedisClient.class))
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new MissingRedisClientFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("xxx.common.segment-store=redis needs Lettuce");
			});
	}

}
