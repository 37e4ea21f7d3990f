package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.cluster.LeaseTestSupport;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SequenceStart;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.snowflake.UnknownGeneratorException;
import io.github.idgen.testsupport.RedisServer;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static io.github.idgen.autoconfigure.IdLayoutAutoConfigurationTests.assertRejected;
import static io.github.idgen.autoconfigure.IdServiceAutoConfigurationTests.assertPropertyRefused;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Tests for {@link IdGeneratorsAutoConfiguration}: the named generators of
 * {@code xxx.common.generators.<name>.*} in fixed mode, in cluster mode on a real ZooKeeper server, in
 * JDBC mode on H2 and in Redis mode on a real redis-server; one test per condition.
 */
class IdGeneratorsAutoConfigurationTests {

	@RegisterExtension
	static final LeaseTestSupport zookeeper = LeaseTestSupport.withTestingServer();

	private static final AtomicInteger places = new AtomicInteger();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
				JdbcIdServiceAutoConfiguration.class, IdGeneratorsAutoConfiguration.class));

	private final ApplicationContextRunner clusterRunner = this.contextRunner.withPropertyValues(
			"xxx.common.zookeeper-enabled=true", "xxx.common.zookeeper-addr=" + zookeeper.connectString(),
			"xxx.common.zookeeper-worker-ids-path=/generators-" + places.incrementAndGet() + "/worker_ids",
			"xxx.common.zookeeper-session-timeout=2s", "xxx.common.lease-wait-timeout=100ms");

	@Test
	void withoutGeneratorsTheRegistryIsEmpty() {
		this.contextRunner.run((context) -> {
			assertThat(context.getBean(IdGenerators.class).names()).isEmpty();
			assertThatExceptionOfType(UnknownGeneratorException.class)
				.isThrownBy(() -> context.getBean(IdGenerators.class).get("js"))
				.withMessage("No id generator is named 'js'; none is configured. Configure it under"
						+ " xxx.common.generators.js.*");
		});
	}

	@Test
	void aNamedGeneratorHasItsOwnLayoutAndStateAndTheFixedNodeId() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-worker-id=9", "xxx.common.id-data-center-id=2",
					"xxx.common.generators.js.layout=javascript-safe", "xxx.common.generators.orders.sequence-start=rotate")
			.run((context) -> {
				IdGenerators generators = context.getBean(IdGenerators.class);
				assertThat(generators.names()).containsExactly("js", "orders");
				assertThat(generators.layout("js")).isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE);
				IdServiceTwitter js = (IdServiceTwitter) generators.get("js");
				SnowflakeId id = SnowflakeLayout.JAVASCRIPT_SAFE.decompose(js.nextId());
				assertThat(id.workerId()).isEqualTo(9);
				assertThat(id.datacenterId()).isEqualTo(2);
				assertThat(((IdServiceTwitter) generators.get("orders")).getSequenceStart()).isEqualTo(SequenceStart.ROTATE);
				// its own state: the default generator has issued nothing
				assertThat(context.getBean(IdServiceTwitter.class).issuedIds()).isZero();
			});
	}

	@Test
	void namedGeneratorsAreNoIdServiceBeansSoTheDefaultOneStaysUnambiguous() {
		this.contextRunner.withPropertyValues("xxx.common.generators.js.layout=javascript-safe")
			.run((context) -> {
				assertThat(context).hasSingleBean(IdService.class);
				assertThat(context.getBean(IdService.class)).isSameAs(context.getBean("idService"));
				assertThat(context.getBean(IdServiceTwitter.class).getLayout()).isEqualTo(SnowflakeLayout.TWITTER);
			});
	}

	@Test
	void aNamedCustomLayoutIsMadeOfItsKeys() {
		this.contextRunner
			.withPropertyValues("xxx.common.generators.short.layout=custom", "xxx.common.generators.short.time-unit=1s",
					"xxx.common.generators.short.timestamp-bits=32", "xxx.common.generators.short.sequence-bits=8",
					"xxx.common.generators.short.epoch=2026-01-01T00:00:00Z")
			.run((context) -> assertThat(context.getBean(IdGenerators.class).layout("short"))
				.isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE.toBuilder().timestampBits(32).sequenceBits(8).build()));
	}

	@Test
	void aNamedCustomKeyWithoutTheCustomLayoutFailsStartUpNamingTheGeneratorsKey() {
		this.contextRunner.withPropertyValues("xxx.common.generators.js.worker-bits=8")
			.run((context) -> assertRejected(context, "generators[js].workerBits", "xxx.common.generators.js.worker-bits"
					+ " = 8 is a key of the custom layout, but xxx.common.generators.js.layout is 'twitter'"));
	}

	@Test
	void aNamedLayoutTheLayoutRulesRefuseFailsStartUpNamingTheGeneratorsKey() {
		this.contextRunner
			.withPropertyValues("xxx.common.generators.js.layout=custom", "xxx.common.generators.js.time-unit=1s",
					"xxx.common.generators.js.timestamp-bits=20")
			.run((context) -> assertRejected(context, "generators[js].timestampBits",
					"xxx.common.generators.js.timestamp-bits = 20 at a 1000ms time unit covers 0.0 years of timestamps,"
							+ " fewer than 10: give it at least 29 bits"));
	}

	@Test
	void aNamedRotatingSequenceStartWithTooFewSequenceBitsFailsStartUpNamingItsKey() {
		this.contextRunner
			.withPropertyValues("xxx.common.generators.tiny.layout=custom", "xxx.common.generators.tiny.sequence-bits=4",
					"xxx.common.generators.tiny.sequence-start=rotate")
			.run((context) -> assertRejected(context, "generators[tiny].sequenceStart",
					"xxx.common.generators.tiny.sequence-start = rotate does not fit the layout: rotate needs at least"
							+ " 5 sequence bits, the layout has 4: set xxx.common.generators.tiny.sequence-start to zero"));
	}

	@Test
	void aGeneratorNameThatIsNoPlainWordFailsStartUp() {
		this.contextRunner.withPropertyValues("xxx.common.generators[a b].layout=twitter")
			.run((context) -> assertRejected(context, "generators",
					"xxx.common.generators.a b names a generator 'a b': a name is 1 to 64 letters, digits"));
	}

	@Test
	void aNamedLayoutWithoutRoomForTheFixedNodeIdFailsStartUpNamingItsKey() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-data-center-id=4", "xxx.common.generators.small.layout=custom",
					"xxx.common.generators.small.datacenter-bits=0", "xxx.common.generators.small.worker-bits=6")
			.run((context) -> assertPropertyRefused(context, "xxx.common.generators.small.worker-bits", 6,
					"generator 'small' has node ids 0..63 (0 datacenter and 6 worker bits), but this instance's node id"
							+ " is 128 (xxx.common.id-data-center-id and the fixed worker id)"));
	}

	@Test
	void inClusterModeEachNamedGeneratorIssuesUnderTheLeaseOfTheDeployment() {
		this.clusterRunner.withPropertyValues("xxx.common.generators.js.layout=javascript-safe").run((context) -> {
			IdServiceProxy js = (IdServiceProxy) context.getBean(IdGenerators.class).get("js");
			WorkerIdLease lease = context.getBean(ClusterDeployment.class).currentLease();
			assertThat(js.getLease()).isSameAs(lease);
			assertThat(js.getName()).isEqualTo("js");
			SnowflakeId id = SnowflakeLayout.JAVASCRIPT_SAFE.decompose(js.nextId());
			assertThat(id.workerId()).isEqualTo(lease.getWorkerId());
			assertThat(context).hasSingleBean(IdService.class);
		});
	}

	@Test
	void inClusterModeANamedGeneratorIsFencedWithTheLeaseAndFollowsItsReplacement() throws Exception {
		this.clusterRunner.withPropertyValues("xxx.common.generators.js.layout=javascript-safe").run((context) -> {
			IdService js = context.getBean(IdGenerators.class).get("js");
			ClusterDeployment deployment = context.getBean(ClusterDeployment.class);
			long before = js.nextId();
			zookeeper.server().stop();
			try {
				await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThatExceptionOfType(
						WorkerIdLeaseUnavailableException.class).isThrownBy(js::nextId)
					.withMessageContaining("connection to ZooKeeper suspended"));
			}
			finally {
				zookeeper.server().restart();
			}
			await().atMost(Duration.ofSeconds(10)).ignoreExceptions().until(() -> js.nextId() > before);
			int forced = deployment.updateWorkerId(true);
			Collection<Long> after = js.nextIds(3);
			assertThat(after).allSatisfy((id) -> {
				assertThat(id).isGreaterThan(before);
				assertThat(SnowflakeLayout.JAVASCRIPT_SAFE.decompose(id).workerId()).isEqualTo(forced);
			});
		});
	}

	@Test
	void inClusterModeANamedLayoutWithoutRoomForTheLeasedRangeFailsStartUpNamingItsKey() {
		this.clusterRunner
			.withPropertyValues("xxx.common.lease-range=node-id", "xxx.common.generators.small.layout=custom",
					"xxx.common.generators.small.datacenter-bits=2", "xxx.common.generators.small.worker-bits=5")
			.run((context) -> assertPropertyRefused(context, "xxx.common.generators.small.worker-bits", 5,
					"generator 'small' has node ids 0..127 (2 datacenter and 5 worker bits), but this instance's node"
							+ " id is one of 0..1023 (the node ids this instance leases, xxx.common.lease-range). Give its"
							+ " layout at least 10 datacenter and worker bits together"));
	}

	@Test
	void inJdbcModeEachNamedGeneratorIssuesUnderTheLeaseOfTheDeployment() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:generators-" + places.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
		this.contextRunner.withBean(DataSource.class, () -> dataSource)
			.withPropertyValues("xxx.common.jdbc-enabled=true", "xxx.common.generators.js.layout=javascript-safe")
			.run((context) -> {
				IdServiceProxy js = (IdServiceProxy) context.getBean(IdGenerators.class).get("js");
				assertThat(js.getLease()).isSameAs(context.getBean(ClusterDeployment.class).currentLease());
				assertThat(js.nextIds(10)).allSatisfy((id) -> assertThat(id).isLessThan(1L << 53));
			});
	}


	@Test
	void inRedisModeEachNamedGeneratorIssuesUnderTheLeaseOfTheDeployment() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class,
				RedisIdServiceAutoConfiguration.class))
			.withPropertyValues("xxx.common.redis-enabled=true", "xxx.common.redis-lease-timeout=1s",
					"xxx.common.redis-lease-group=generators-" + places.incrementAndGet(),
					"spring.data.redis.port=" + RedisServer.shared().port(),
					"xxx.common.generators.js.layout=javascript-safe")
			.run((context) -> {
				IdServiceProxy js = (IdServiceProxy) context.getBean(IdGenerators.class).get("js");
				assertThat(js.getLease()).isSameAs(context.getBean(ClusterDeployment.class).currentLease());
				assertThat(SnowflakeLayout.JAVASCRIPT_SAFE.decompose(js.nextId()).workerId())
					.isEqualTo(js.getLease().getWorkerId());
			});
	}

}
