package io.github.idgen.autoconfigure.endpoint;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import javax.sql.DataSource;

import io.github.idgen.actuate.endpoint.IdgenEndpoint;
import io.github.idgen.actuate.endpoint.IdgenEndpoint.GeneratorDescriptor;
import io.github.idgen.actuate.endpoint.IdgenEndpoint.FencingDescriptor;
import io.github.idgen.actuate.endpoint.IdgenEndpoint.IdDescriptor;
import io.github.idgen.actuate.endpoint.IdgenEndpoint.IdgenDescriptor;
import io.github.idgen.actuate.endpoint.IdgenEndpoint.InvalidIdDescriptor;
import io.github.idgen.actuate.endpoint.IdgenEndpoint.LayoutDescriptor;
import io.github.idgen.actuate.endpoint.IdgenEndpoint.LeaseDescriptor;
import io.github.idgen.autoconfigure.IdGeneratorsAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.MarkScenarios;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.cluster.LeaseTestSupport;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.RedisServer;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.endpoint.OperationResponseBody;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The {@code idgen} Actuator endpoint.
 */
class IdgenEndpointAutoConfigurationTests {

	@RegisterExtension
	static final LeaseTestSupport zookeeper = LeaseTestSupport.withTestingServer();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class,
				ClusterIdServiceAutoConfiguration.class, IdgenEndpointAutoConfiguration.class,
				EndpointAutoConfiguration.class))
		.withPropertyValues("management.endpoints.web.exposure.include=idgen");

	@Test
	void clusterModeShowsLayoutLeaseFencingAndCounters() {
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-enabled=true",
					"xxx.common.zookeeper-addr=" + zookeeper.connectString(),
					"xxx.common.zookeeper-worker-ids-path=/endpoint/worker_ids", "xxx.common.instance-name=orders-7",
					"xxx.common.zookeeper-session-timeout=3s")
			.run((context) -> {
				context.getBean(IdService.class).nextIds(10);
				IdgenDescriptor body = context.getBean(IdgenEndpoint.class).idgen();
				assertThat(body.mode()).isEqualTo("cluster");
				assertThat(body.workerId()).isEqualTo(context.getBean(IdServiceProxy.class).getLease().getWorkerId());
				LayoutDescriptor layout = body.layout();
				assertThat(layout.epoch()).isEqualTo("2010-11-04T01:42:54.657Z");
				assertThat(layout.timeUnit()).isEqualTo("1ms");
				assertThat(layout.idsPerTimeUnit()).isEqualTo(4096);
				assertThat(layout.idsPerSecond()).isEqualTo(4_096_000);
				assertThat(layout.javascriptSafe()).isFalse();
				assertThat(layout.yearsLeft()).isBetween(50.0, 60.0);
				LeaseDescriptor lease = body.lease();
				assertThat(lease.path()).startsWith("/endpoint/worker_ids/");
				assertThat(lease.workerId()).isEqualTo(body.workerId());
				assertThat(lease.sessionId()).startsWith("0x");
				assertThat(lease.leasesTaken()).isEqualTo(1);
				assertThat(lease.reconnects()).isZero();
				assertThat(lease.range()).isEqualTo("WORKER_ID");
				assertThat(lease.holder().pid()).isEqualTo(ProcessHandle.current().pid());
				assertThat(lease.instanceName()).isEqualTo("orders-7");
				assertThat(lease.waitForPreviousHolderMarkMillis()).isZero();
				assertThat(lease.clockLagBehindLiveHoldersMillis()).isZero();
				assertThat(lease.highWaterMarkAheadMillis()).isPositive();
				assertRenewed(context.getBean(IdgenEndpoint.class), Duration.ofSeconds(3));
				FencingDescriptor fencing = body.fencing();
				assertThat(fencing.issuing()).isTrue();
				assertThat(fencing.state()).isEqualTo("ACTIVE");
				assertThat(fencing.reason()).isNull();
				assertThat(body.counters().issuedIds()).isEqualTo(10);
			});
	}

	@Test
	void clusterModeWaitingForThePreviousHolderMarkShowsWhyItIsNotIssuing() throws Exception {
		String path = "/endpoint-mark-wait/worker_ids";
		try (MarkScenarios scenarios = MarkScenarios.on(zookeeper.connectString(), path)) {
			scenarios.leaveOnlyAnIdWhosePreviousHolderWasAhead(Duration.ofSeconds(4));
			this.contextRunner
				.withPropertyValues("xxx.common.zookeeper-enabled=true",
						"xxx.common.zookeeper-addr=" + zookeeper.connectString(),
						"xxx.common.zookeeper-worker-ids-path=" + path)
				.run((context) -> {
					IdgenDescriptor body = context.getBean(IdgenEndpoint.class).idgen();
					assertThat(body.fencing().issuing()).isFalse();
					assertThat(body.fencing().state()).isEqualTo("ACTIVE");
					assertThat(body.fencing().reason()).startsWith("waiting for this host's clock to pass");
					assertThat(body.lease().waitForPreviousHolderMarkMillis()).isPositive();
				});
		}
	}

	@Test
	void jdbcModeShowsTheHolderTokenOfTheLeaseRowAndNoSessionId() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:endpoint-jdbc;DB_CLOSE_DELAY=-1");
		this.contextRunner.withConfiguration(AutoConfigurations.of(JdbcIdServiceAutoConfiguration.class))
			.withBean(DataSource.class, () -> dataSource)
			.withPropertyValues("xxx.common.jdbc-enabled=true", "xxx.common.jdbc-lease-group=endpoint")
			.run((context) -> {
				IdgenDescriptor body = context.getBean(IdgenEndpoint.class).idgen();
				assertThat(body.mode()).isEqualTo("jdbc");
				LeaseDescriptor lease = body.lease();
				assertThat(lease.path()).startsWith("/idgen_worker_lease/endpoint/");
				// a database lease has no session: what proves ownership is the token in the row
				assertThat(lease.sessionId()).isNull();
				int nodeId = context.getBean(IdServiceProxy.class).getLease().getNodeId();
				String rowHolder = new JdbcTemplate(dataSource).queryForObject(
						"SELECT holder FROM idgen_worker_lease WHERE lease_group = 'endpoint' AND node_id = ?",
						String.class, nodeId);
				assertThat(lease.holder().token()).isNotBlank().isEqualTo(rowHolder);
			});
	}

	@Test
	void redisModeShowsTheRecordKeyItsHolderTokenAndClaimAndNoSessionId() {
		RedisServer redis = RedisServer.shared();
		this.contextRunner
			.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class, RedisIdServiceAutoConfiguration.class))
			.withPropertyValues("xxx.common.redis-enabled=true", "xxx.common.redis-lease-group=endpoint",
					"xxx.common.redis-lease-timeout=1s", "spring.data.redis.port=" + redis.port())
			.run((context) -> {
				IdgenDescriptor body = context.getBean(IdgenEndpoint.class).idgen();
				assertThat(body.mode()).isEqualTo("redis");
				LeaseDescriptor lease = body.lease();
				String key = "idgen:lease:endpoint:" + context.getBean(IdServiceProxy.class).getLease().getNodeId();
				assertThat(lease.path()).isEqualTo("redis://localhost:" + redis.port() + "/" + key);
				assertThat(lease.sessionId()).isNull();
				assertThat(lease.holder().token()).isNotBlank().isEqualTo(redis.cli("HGET", key, "holder"));
				assertThat(lease.claimId()).isEqualTo(redis.cli("HGET", key, "claim"));
				assertRenewed(context.getBean(IdgenEndpoint.class), Duration.ofSeconds(1));
			});
	}

	/**
	 * Asserts that the lease is renewed as time goes by, never fails to be, and has time left within the
	 * lease timeout.
	 */
	private static void assertRenewed(IdgenEndpoint endpoint, Duration leaseTimeout) {
		LeaseDescriptor first = endpoint.idgen().lease();
		assertThat(first.timeLeftMillis()).isPositive().isLessThanOrEqualTo(leaseTimeout.toMillis());
		// a renewal every third of the lease timeout
		await().atMost(leaseTimeout.multipliedBy(3))
			.until(() -> endpoint.idgen().lease().renewals() >= first.renewals() + 2);
		LeaseDescriptor later = endpoint.idgen().lease();
		assertThat(later.timeLeftMillis()).isPositive().isLessThanOrEqualTo(leaseTimeout.toMillis());
		assertThat(later.renewalFailures()).isZero();
	}

	@Test
	void fixedModeShowsWorkerIdAndDecomposesIds() {
		this.contextRunner.withPropertyValues("xxx.common.id-worker-id=5", "xxx.common.id-data-center-id=2")
			.run((context) -> {
				IdgenEndpoint endpoint = context.getBean(IdgenEndpoint.class);
				IdgenDescriptor body = endpoint.idgen();
				assertThat(body.mode()).isEqualTo("fixed");
				assertThat(body.workerId()).isEqualTo(5);
				assertThat(body.datacenterId()).isEqualTo(2);
				assertThat(body.lease()).isNull();
				assertThat(body.fencing()).isNull();
				long id = context.getBean(IdServiceTwitter.class).nextId();
				WebEndpointResponse<OperationResponseBody> parts = endpoint.decompose(Long.toString(id));
				assertThat(parts.getStatus()).isEqualTo(200);
				assertThat(parts.getBody()).isInstanceOfSatisfying(IdDescriptor.class, (descriptor) -> {
					assertThat(descriptor.id()).isEqualTo(Long.toString(id));
					assertThat(descriptor.workerId()).isEqualTo(5);
					assertThat(descriptor.datacenterId()).isEqualTo(2);
				});
			});
	}

	@Test
	void theJavascriptSafeLayoutIsShownAndIdsAreTakenApartWithIt() {
		this.contextRunner.withPropertyValues("xxx.common.id-layout=javascript-safe", "xxx.common.id-worker-id=9")
			.run((context) -> {
				IdgenEndpoint endpoint = context.getBean(IdgenEndpoint.class);
				LayoutDescriptor layout = endpoint.idgen().layout();
				assertThat(layout.bits()).isEqualTo("sign 1 | timestamp 31 | datacenter 5 | worker 5 | sequence 12");
				assertThat(layout.timeUnit()).isEqualTo("1000ms");
				assertThat(layout.epoch()).isEqualTo("2026-01-01T00:00:00Z");
				assertThat(layout.lastTimestamp()).isEqualTo("2094-01-19T03:14:07Z");
				assertThat(layout.yearsLeft()).isBetween(67.0, 68.1);
				assertThat(layout.idsPerTimeUnit()).isEqualTo(4096);
				assertThat(layout.idsPerSecond()).isEqualTo(4096);
				assertThat(layout.maxId()).isEqualTo(Long.toString((1L << 53) - 1));
				assertThat(layout.javascriptSafe()).isTrue();
				long id = context.getBean(IdServiceTwitter.class).nextId();
				assertThat(endpoint.decompose(Long.toString(id)).getBody()).isInstanceOfSatisfying(IdDescriptor.class,
						(descriptor) -> {
							assertThat(descriptor.workerId()).isEqualTo(9);
							assertThat(Instant.parse(descriptor.timestamp()))
								.isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE.decompose(id).timestamp())
								.isAfter(Instant.parse("2026-01-01T00:00:00Z"));
						});
				WebEndpointResponse<OperationResponseBody> beyond = endpoint.decompose(Long.toString(1L << 53));
				assertThat(beyond.getStatus()).isEqualTo(400);
				assertThat(beyond.getBody()).isInstanceOfSatisfying(InvalidIdDescriptor.class,
						(descriptor) -> assertThat(descriptor.error()).contains("from 0 to 9007199254740991"));
			});
	}

	@Test
	void namedGeneratorsAreShownWithTheirShardBitsAndTheCapacityLeft() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
			.withPropertyValues("xxx.common.generators.orders.shard-bits=4",
					"xxx.common.generators.js.layout=javascript-safe")
			.run((context) -> {
				Map<String, GeneratorDescriptor> generators = context.getBean(IdgenEndpoint.class).idgen().generators();
				assertThat(generators).containsOnlyKeys("orders", "js");
				GeneratorDescriptor orders = generators.get("orders");
				assertThat(orders.shardBits()).isEqualTo(4);
				assertThat(orders.shards()).isEqualTo(16);
				assertThat(orders.layout().bits())
					.isEqualTo("sign 1 | timestamp 41 | datacenter 5 | worker 5 | sequence 8 | shard 4");
				assertThat(orders.layout().idsPerTimeUnit()).isEqualTo(256);
				assertThat(orders.layout().idsPerSecond()).isEqualTo(256_000);
				assertThat(generators.get("js").shardBits()).isZero();
				assertThat(generators.get("js").layout().bits()).doesNotContain("shard");
			});
	}

	@Test
	void withoutNamedGeneratorsNoneAreShown() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(IdGeneratorsAutoConfiguration.class))
			.run((context) -> assertThat(context.getBean(IdgenEndpoint.class).idgen().generators()).isEmpty());
	}

	@Test
	void aMalformedOrNegativeIdIsABadRequest() {
		this.contextRunner.run((context) -> {
			IdgenEndpoint endpoint = context.getBean(IdgenEndpoint.class);
			assertThat(endpoint.decompose("abc").getStatus()).isEqualTo(400);
			WebEndpointResponse<OperationResponseBody> negative = endpoint.decompose("-5");
			assertThat(negative.getStatus()).isEqualTo(400);
			assertThat(negative.getBody()).isInstanceOfSatisfying(InvalidIdDescriptor.class,
					(descriptor) -> assertThat(descriptor.error()).contains("'-5'"));
		});
	}

	@Test
	void aUserIdServiceThatNoModeDescribesGetsNoEndpoint() {
		this.contextRunner.withBean(IdService.class, () -> new IdServiceTwitter(1, 1))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdgenEndpoint.class));
	}

	@Test
	void aUserIdgenEndpointBeanWins() {
		this.contextRunner.withUserConfiguration(UserEndpointConfiguration.class)
			.run((context) -> assertThat(context).hasSingleBean(IdgenEndpoint.class)
				.getBean(IdgenEndpoint.class)
				.isSameAs(context.getBean("userEndpoint")));
	}

	@Test
	void withoutActuatorOnTheClasspathThereIsNoEndpoint() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(Endpoint.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdgenEndpoint.class));
	}

	@Test
	void anEndpointThatIsNotExposedIsNotCreated() {
		this.contextRunner.withPropertyValues("management.endpoints.web.exposure.include=health")
			.run((context) -> assertThat(context).doesNotHaveBean(IdgenEndpoint.class));
	}

	@Configuration(proxyBeanMethods = false)
	static class UserEndpointConfiguration {

		@Bean
		IdgenEndpoint userEndpoint(IdServiceInfo idServiceInfo) {
			return new IdgenEndpoint(idServiceInfo);
		}

	}

}
