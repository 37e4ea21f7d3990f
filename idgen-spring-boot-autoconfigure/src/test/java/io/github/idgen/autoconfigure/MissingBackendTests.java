package io.github.idgen.autoconfigure;

import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisSegmentStoreAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.io.DefaultResourceLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * The starters bring some backends and leave others out (idgen-spring-boot-starter-jdbc has no
 * idgen-zookeeper, no Curator, no idgen-redis; -redis no idgen-jdbc): an application without a backend
 * starts in every other mode, and one that asks for the missing backend fails at start-up naming the
 * setting and the artifact to add.
 */
@ExtendWith(OutputCaptureExtension.class)
class MissingBackendTests {

	private static final FilteredClassLoader WITHOUT_ZOOKEEPER = new FilteredClassLoader("io.github.idgen.cluster.",
			"org.apache.curator.", "org.apache.zookeeper.");

	private static final FilteredClassLoader WITHOUT_JDBC = new FilteredClassLoader("io.github.idgen.jdbc.",
			"io.github.idgen.sql.");

	private static final FilteredClassLoader WITHOUT_REDIS = new FilteredClassLoader("io.github.idgen.redis.");

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class,
				ClusterIdServiceAutoConfiguration.class, JdbcIdServiceAutoConfiguration.class,
				RedisIdServiceAutoConfiguration.class, DataSourceAutoConfiguration.class,
				RedisSegmentStoreAutoConfiguration.class, SegmentIdServicesAutoConfiguration.class));

	@Test
	void withoutAnyBackendAFixedWorkerIdStarts() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("io.github.idgen.cluster.", "org.apache.curator.",
				"org.apache.zookeeper.", "io.github.idgen.jdbc.", "io.github.idgen.sql.", "io.github.idgen.redis."))
			.withPropertyValues("xxx.common.id-worker-id=3")
			.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(IdServiceTwitter.class));
	}

	@Test
	void clusterModeWithoutIdgenZooKeeperFailsNamingTheArtifact() {
		this.contextRunner.withClassLoader(new FilteredClassLoader("io.github.idgen.cluster."))
			.withPropertyValues("xxx.common.zookeeper-enabled=true")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("xxx.common.zookeeper-enabled=true")
				.hasMessageContaining("io.github.idgen.cluster.ClusterDeploymentImpl"));
	}

	@Test
	void clusterModeWithoutZooKeeperIsExplainedWithTheStarterToUse(CapturedOutput output) {
		SpringApplication application = new SpringApplication(new DefaultResourceLoader(WITHOUT_ZOOKEEPER),
				EmptyApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);

		assertThatException().isThrownBy(() -> application.run("--xxx.common.zookeeper-enabled=true"));

		assertThat(output).contains("io.github.idgen:idgen-zookeeper", "io.github.idgen:idgen-spring-boot-starter");
	}

	@Test
	void jdbcModeWithoutIdgenJdbcFailsNamingTheSettingAndTheArtifact(CapturedOutput output) {
		SpringApplication application = new SpringApplication(new DefaultResourceLoader(WITHOUT_JDBC),
				EmptyApplication.class);
		application.setWebApplicationType(WebApplicationType.NONE);

		assertThatException().isThrownBy(() -> application.run("--xxx.common.jdbc-enabled=true",
				"--spring.datasource.url=jdbc:h2:mem:missing-backend;DB_CLOSE_DELAY=-1"));

		assertThat(output).contains("xxx.common.jdbc-enabled=true needs idgen's JDBC backend (io.github.idgen:idgen-jdbc)",
				"io.github.idgen:idgen-spring-boot-starter-jdbc");
	}

	@Test
	void jdbcSegmentStoreWithoutIdgenJdbcFailsNamingTheSettingAndTheArtifact() {
		this.contextRunner.withClassLoader(WITHOUT_JDBC)
			.withPropertyValues("xxx.common.id-worker-id=3", "xxx.common.segment-enabled=true",
					"spring.datasource.url=jdbc:h2:mem:missing-segment-backend;DB_CLOSE_DELAY=-1")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("xxx.common.segment-enabled=true with xxx.common.segment-store=jdbc")
				.hasMessageContaining("idgen-jdbc"));
	}

	@Test
	void segmentIdsOnTheApplicationsOwnStoreNeedNoIdgenJdbc() {
		this.contextRunner.withClassLoader(WITHOUT_JDBC)
			.withPropertyValues("xxx.common.id-worker-id=3", "xxx.common.segment-enabled=true")
			.withBean(SegmentStore.class, CountingStore::new)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(SegmentIdServices.class).forTag("orders").nextIds(2)).containsExactly(1L, 2L);
			});
	}

	@Test
	void redisModeWithoutIdgenRedisFailsNamingTheArtifact() {
		this.contextRunner.withClassLoader(WITHOUT_REDIS)
			.withPropertyValues("xxx.common.redis-enabled=true")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("xxx.common.redis-enabled=true")
				.hasMessageContaining("io.github.idgen.redis.RedisConnector (idgen-redis)"));
	}

	@Test
	void aFixedWorkerIdStartsWithoutZooKeeper() {
		this.contextRunner.withClassLoader(WITHOUT_ZOOKEEPER)
			.withPropertyValues("xxx.common.id-worker-id=3")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(IdService.class).nextId()).isPositive();
			});
	}

	// no component scan: this package holds idgen's own configurations
	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class EmptyApplication {

	}

	/** A store of the application's own, as with idgen-client's HttpSegmentStore: ranges of 10 from 1. */
	static final class CountingStore implements SegmentStore {

		private long maxId;

		@Override
		public synchronized SegmentRange allocate(String tag, int requestedStep) {
			return allocateExactly(tag, 10);
		}

		@Override
		public synchronized SegmentRange allocateExactly(String tag, int size) {
			long first = this.maxId + 1;
			this.maxId += size;
			return new SegmentRange(tag, first, this.maxId, size, Long.MAX_VALUE);
		}

		@Override
		public String describe() {
			return "the test's memory";
		}

	}

}
