package io.github.idgen.autoconfigure.redis;

import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.redis.RedisClusterNotSupportedException;
import io.github.idgen.redis.RedisConnector;
import io.github.idgen.redis.RedisLeaseDeployment;
import io.github.idgen.redis.RedisNotDurableException;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.RedisSentinel;
import io.github.idgen.testsupport.RedisServer;
import io.lettuce.core.RedisClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * Redis mode's wiring on a real redis-server (the lease's behaviour under failures is proven in
 * {@code io.github.idgen.redis}).
 */
@ExtendWith(OutputCaptureExtension.class)
class RedisIdServiceAutoConfigurationTests {

	private static final RedisServer server = RedisServer.shared();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, IdServiceAutoConfiguration.class,
				ClusterIdServiceAutoConfiguration.class, JdbcIdServiceAutoConfiguration.class,
				RedisIdServiceAutoConfiguration.class))
		.withPropertyValues("xxx.common.redis-enabled=true", "xxx.common.redis-lease-timeout=1s",
				"spring.data.redis.port=" + server.port());

	@Test
	void redisEnabledLeasesAWorkerIdFromRedisAndServesIdsThroughTheProxy() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(RedisLeaseDeployment.class).hasSingleBean(RedisConnector.class);
			assertThat(context).hasSingleBean(IdService.class).doesNotHaveBean(IdServiceTwitter.class);
			WorkerIdLease lease = context.getBean(IdServiceProxy.class).getLease();
			assertThat(lease.getPath()).startsWith("redis://localhost:" + server.port() + "/idgen:lease:default:");
			assertThat(SnowflakeLayout.TWITTER.decompose(context.getBean(IdService.class).nextId()).workerId())
				.isEqualTo(lease.getWorkerId());
		});
	}

	@Test
	void redisEnabledWrittenOnLeasesAsTheSettingsBindIt() {
		this.contextRunner.withPropertyValues("xxx.common.redis-enabled=on").run((context) -> {
			assertThat(context).hasSingleBean(RedisLeaseDeployment.class).doesNotHaveBean(IdServiceTwitter.class);
			assertThat(context.getBean(IdServiceProxy.class).getLease().getPath())
				.startsWith("redis://localhost:" + server.port() + "/idgen:lease:default:");
		});
	}

	@Test
	void aSentinelConnectionLeasesFromThePrimaryTheSentinelNames() {
		try (RedisSentinel sentinel = new RedisSentinel(server, "idgen-primary")) {
			this.contextRunner
				.withPropertyValues("spring.data.redis.sentinel.master=idgen-primary",
						"spring.data.redis.sentinel.nodes=127.0.0.1:" + sentinel.port(), "xxx.common.redis-lease-group=sentinel")
				.run((context) -> {
					assertThat(context.getBean(RedisConnector.class).describe())
						.isEqualTo("redis-sentinel://127.0.0.1:" + sentinel.port() + " (master idgen-primary)");
					WorkerIdLease lease = context.getBean(IdServiceProxy.class).getLease();
					assertThat(server.cli("HGET", "idgen:lease:sentinel:" + lease.getNodeId(), "holder"))
						.isEqualTo(lease.getHolder().token());
				});
		}
	}

	@Test
	void redisModeDescribesTheProxyAndItsLeaseToOperators() {
		// a group of its own: an id another test just gave back in the default group would make this one
		// wait for that holder's high-water mark before issuing
		this.contextRunner.withPropertyValues("xxx.common.redis-lease-group=describes").run((context) -> {
			assertThat(context).hasSingleBean(RedisIdServiceInfo.class);
			IdServiceInfo info = context.getBean(IdServiceInfo.class);
			WorkerIdLease lease = context.getBean(IdServiceProxy.class).getLease();
			assertThat(info.mode()).isEqualTo("redis");
			assertThat(info.isIssuing()).isTrue();
			LeaseInfo described = info.lease();
			assertThat(described.backend()).isEqualTo(LeaseInfo.Backend.REDIS);
			assertThat(described.path()).isEqualTo(lease.getPath());
			assertThat(described.sessionId()).isNull();
			assertThat(described.claimId()).isEqualTo(Long.toString(lease.getClaimId()));
			assertThat(described.holder().token()).isEqualTo(lease.getHolder().token())
				.isEqualTo(server.cli("HGET", "idgen:lease:describes:" + lease.getNodeId(), "holder"));
		});
	}

	@Test
	void redisPropertiesAreBoundIntoTheLease() {
		this.contextRunner
			.withPropertyValues("xxx.common.redis-lease-group=orders", "xxx.common.lease-range=node-id",
					"xxx.common.instance-name=orders-7")
			.run((context) -> {
				RedisLeaseDeployment deployment = context.getBean(RedisLeaseDeployment.class);
				assertThat(deployment.getRange()).isEqualTo(LeaseRange.NODE_ID);
				assertThat(deployment.getPath()).isEqualTo("redis://localhost:" + server.port() + "/idgen:lease:orders");
				int nodeId = deployment.getDatacenterId() * 32 + deployment.getWorkerId();
				assertThat(server.cli("HGET", "idgen:lease:orders:" + nodeId, "instance")).isEqualTo("orders-7");
			});
	}

	@Test
	void closingTheContextGivesTheRecordBackAtOnce() {
		String[] key = new String[1];
		this.contextRunner.withPropertyValues("xxx.common.redis-lease-group=closing").run((context) -> {
			key[0] = "idgen:lease:closing:" + context.getBean(IdServiceProxy.class).getLease().getNodeId();
			assertThat(server.cli("HGET", key[0], "holder")).isNotEmpty();
		});
		assertThat(server.cli("HGET", key[0], "holder")).isEmpty();
	}

	@Test
	void redisAndAnotherLeaseBackendEnabledFailsStartUpNamingTheKeys() {
		this.contextRunner.withPropertyValues("xxx.common.jdbc-enabled=true").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("xxx.common.jdbc-enabled and xxx.common.redis-enabled are both true");
		});
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-enabled=true", "xxx.common.zookeeper-addr=127.0.0.1:1",
					"xxx.common.jdbc-enabled=true")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("xxx.common.zookeeper-enabled and xxx.common.jdbc-enabled and"
						+ " xxx.common.redis-enabled are all true"));
	}

	@Test
	void aServerThatMayLoseWritesIsRefusedNamingTheSettingAndTheOverride(CapturedOutput output) {
		try (RedisServer everySecond = new RedisServer("--appendfsync", "everysec")) {
			everySecond.start();
			this.contextRunner.withPropertyValues("spring.data.redis.port=" + everySecond.port()).run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context).getFailure().rootCause().isInstanceOf(RedisNotDurableException.class);
				FailureAnalysis analysis = new RedisNotDurableFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("appendfsync is 'everysec', must be 'always'");
				assertThat(analysis.getAction()).contains("xxx.common.redis-assume-durable=true");
			});

			SpringApplication application = new SpringApplication(EmptyApplication.class);
			application.setWebApplicationType(WebApplicationType.NONE);
			assertThatException().isThrownBy(() -> application.run("--xxx.common.redis-enabled=true",
					"--spring.data.redis.port=" + everySecond.port()));
			assertThat(output).contains("APPLICATION FAILED TO START", "idgen will not keep its worker-id leases",
					"appendfsync is 'everysec', must be 'always'", "Action:", "xxx.common.redis-assume-durable=true");
		}
	}

	@Test
	void assumeDurableStartsOnSuchAServerAndWarns(CapturedOutput output) {
		try (RedisServer everySecond = new RedisServer("--appendfsync", "everysec")) {
			everySecond.start();
			this.contextRunner
				.withPropertyValues("spring.data.redis.port=" + everySecond.port(), "xxx.common.redis-assume-durable=true")
				.run((context) -> {
					assertThat(context).hasNotFailed();
					context.getBean(IdService.class).nextId();
					assertThat(output).contains("Redis at redis://localhost:" + everySecond.port()
							+ ": idgen did not check that it fsyncs every write");
				});
		}
	}

	@Test
	void expectedReplicasTheServerLacksAreRefused() {
		this.contextRunner.withPropertyValues("xxx.common.redis-expected-replicas=1").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("0 replica(s) connected, 1 expected");
		});
	}

	@Test
	void aRedisClusterConnectionIsRefusedBeforeAnythingConnects() {
		this.contextRunner.withPropertyValues("spring.data.redis.cluster.nodes=127.0.0.1:7000,127.0.0.1:7001")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context).getFailure().rootCause().isInstanceOf(RedisClusterNotSupportedException.class);
				FailureAnalysis analysis = new RedisClusterNotSupportedFailureAnalyzer()
					.analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("127.0.0.1:7000,127.0.0.1:7001 (spring.data.redis.cluster.nodes)");
				assertThat(analysis.getAction()).contains("spring.data.redis.sentinel.master");
			});
	}

	@Test
	void anUnreachableServerFailsStartUpNamingItAndTheProperties() {
		int nobody = DatabaseServer.freePort();
		this.contextRunner.withPropertyValues("spring.data.redis.port=" + nobody).run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = new RedisUnavailableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis).as("a RedisUnavailableException among the causes").isNotNull();
			assertThat(analysis.getDescription()).contains("idgen could not reach Redis at redis://localhost:" + nobody);
			assertThat(analysis.getAction()).contains("spring.data.redis.host", "xxx.common.redis-enabled=false");
		});
	}

	@Test
	void withoutARedisClientStartUpFailsSayingWhatToDependOn() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(RedisClient.class)).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context).getFailure().rootCause().isInstanceOf(MissingRedisClientException.class);
			FailureAnalysis analysis = new MissingRedisClientFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("xxx.common.redis-enabled=true needs Lettuce");
			assertThat(analysis.getAction()).contains("spring-boot-starter-data-redis");
		});
	}

	@Test
	void aConnectionDetailsBeanDecidesWhereIdgenConnects() {
		this.contextRunner.withPropertyValues("spring.data.redis.port=" + DatabaseServer.freePort())
			.withBean(DataRedisConnectionDetails.class, () -> new DataRedisConnectionDetails() {

				@Override
				public Standalone getStandalone() {
					return Standalone.of("127.0.0.1", server.port());
				}

			})
			.run((context) -> assertThat(context.getBean(IdServiceProxy.class).getLease().getPath())
				.startsWith("redis://127.0.0.1:" + server.port() + "/"));
	}

	@Test
	void aBadLeaseGroupOrTimeoutFailsStartUpNamingTheProperty() {
		this.contextRunner.withPropertyValues("xxx.common.redis-lease-group=my group").run((context) -> assertThat(context)
			.getFailure()
			.rootCause()
			.hasMessageContaining("xxx.common.redis-lease-group must be 1 to 128 characters without spaces"));
		this.contextRunner.withPropertyValues("xxx.common.redis-lease-timeout=500ms").run((context) -> assertThat(context)
			.getFailure()
			.rootCause()
			.hasMessageContaining("xxx.common.redis-lease-timeout must be at least 1000ms"));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class EmptyApplication {

	}

	@Test
	void redisDisabledCreatesNoConnectorAndFixedModeServes() {
		this.contextRunner.withPropertyValues("xxx.common.redis-enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(RedisConnector.class).doesNotHaveBean(IdServiceProxy.class);
			assertThat(context).hasSingleBean(IdServiceTwitter.class);
		});
	}

}
