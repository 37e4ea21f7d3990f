package io.github.idgen.autoconfigure;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.cluster.LeaseTestSupport;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.shard.ShardRequiredException;
import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.ShardedGenerator;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static io.github.idgen.autoconfigure.IdLayoutAutoConfigurationTests.assertRejected;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@code xxx.common.generators.<name>.shard-bits}: named generators whose ids carry a shard
 * in their lowest bits, in fixed mode and in cluster mode on a real ZooKeeper server, and every
 * refusal of the key.
 */
class ShardedGeneratorsAutoConfigurationTests {

	@RegisterExtension
	static final LeaseTestSupport zookeeper = LeaseTestSupport.withTestingServer();

	private static final AtomicInteger places = new AtomicInteger();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
				JdbcIdServiceAutoConfiguration.class, IdGeneratorsAutoConfiguration.class));

	@Test
	void aPresetGivesItsShardBitsUpFromItsSequence() {
		this.contextRunner
			.withPropertyValues("xxx.common.id-worker-id=9", "xxx.common.id-data-center-id=2",
					"xxx.common.generators.orders.shard-bits=4")
			.run((context) -> {
				IdGenerators generators = context.getBean(IdGenerators.class);
				ShardedIdService orders = generators.sharded("orders");
				SnowflakeLayout layout = generators.layout("orders");
				assertThat(layout).isEqualTo(SnowflakeLayout.builder().sequenceBits(8).shardBits(4).build());
				long id = orders.nextId(11);
				SnowflakeId parts = layout.decompose(id);
				assertThat(parts.shard()).isEqualTo(11).isEqualTo(orders.shardOf(id));
				assertThat(parts.workerId()).isEqualTo(9);
				assertThat(parts.datacenterId()).isEqualTo(2);
				assertThat(orders.nextId(0)).isGreaterThan(id);
			});
	}

	@Test
	void javascriptSafeIdsWithShardBitsStayBelow2To53() {
		this.contextRunner
			.withPropertyValues("xxx.common.generators.js.layout=javascript-safe", "xxx.common.generators.js.shard-bits=3")
			.run((context) -> {
				IdGenerators generators = context.getBean(IdGenerators.class);
				assertThat(generators.layout("js").sequenceBits()).isEqualTo(9);
				assertThat(generators.layout("js").maxId()).isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE.maxId());
				assertThat(generators.sharded("js").nextId(7)).isLessThan(1L << 53);
			});
	}

	@Test
	void aCustomLayoutAddsItsShardBitsToItsSum() {
		this.contextRunner
			.withPropertyValues("xxx.common.generators.c.layout=custom", "xxx.common.generators.c.time-unit=10ms",
					"xxx.common.generators.c.timestamp-bits=35", "xxx.common.generators.c.epoch=2026-01-01T00:00:00Z",
					"xxx.common.generators.c.shard-bits=6")
			.run((context) -> {
				SnowflakeLayout layout = context.getBean(IdGenerators.class).layout("c");
				assertThat(layout.sequenceBits()).isEqualTo(12);
				assertThat(layout.shardBits()).isEqualTo(6);
				assertThat(layout.timestampBits() + layout.timestampShift()).isEqualTo(63);
			});
	}

	@Test
	void anIdWithoutAShardFailsNamingTheGenerator() {
		this.contextRunner.withPropertyValues("xxx.common.generators.orders.shard-bits=2").run((context) -> {
			IdGenerators generators = context.getBean(IdGenerators.class);
			assertThatExceptionOfType(ShardRequiredException.class).isThrownBy(() -> generators.get("orders").nextId())
				.withMessageContaining("generator 'orders'");
		});
	}

	@Test
	void withoutShardBitsOrWithZeroTheGeneratorIsTodays() {
		this.contextRunner
			.withPropertyValues("xxx.common.generators.plain.layout=twitter", "xxx.common.generators.zero.shard-bits=0")
			.run((context) -> {
				IdGenerators generators = context.getBean(IdGenerators.class);
				for (String name : List.of("plain", "zero")) {
					assertThat(generators.get(name)).isInstanceOf(IdServiceTwitter.class);
					assertThat(generators.layout(name)).isEqualTo(SnowflakeLayout.TWITTER);
				}
			});
	}

	@Test
	void shardBitsOutOfRangeFailStartUpNamingTheKey() {
		this.contextRunner.withPropertyValues("xxx.common.generators.orders.shard-bits=11")
			.run((context) -> assertRejected(context, "generators[orders].shardBits",
					"xxx.common.generators.orders.shard-bits = 11 is outside 0 to 10: give it 0 (no shard) to 10 bits"));
	}

	@Test
	void aCustomLayoutOver63BitsWithItsShardBitsFailsStartUpNamingTheKeys() {
		this.contextRunner
			.withPropertyValues("xxx.common.generators.c.layout=custom", "xxx.common.generators.c.shard-bits=2")
			.run((context) -> assertRejected(context, "generators[c].timestampBits",
					"xxx.common.generators.c.timestamp-bits = 41 with 5 + 5 + 12 + 2 datacenter, worker, sequence and"
							+ " shard bits makes 65 bits, more than the 63 of a positive long"));
	}

	@Test
	void inClusterModeAShardedGeneratorIssuesUnderTheLeaseAndFollowsItsReplacement() {
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-enabled=true", "xxx.common.zookeeper-addr=" + zookeeper.connectString(),
					"xxx.common.zookeeper-worker-ids-path=/sharded-" + places.incrementAndGet() + "/worker_ids",
					"xxx.common.zookeeper-session-timeout=2s", "xxx.common.lease-wait-timeout=100ms",
					"xxx.common.generators.orders.shard-bits=5")
			.run((context) -> {
				IdGenerators generators = context.getBean(IdGenerators.class);
				ShardedGenerator orders = (ShardedGenerator) generators.sharded("orders");
				ClusterDeployment deployment = context.getBean(ClusterDeployment.class);
				IdServiceProxy plain = (IdServiceProxy) orders.getPlain();
				assertThat(plain.getLease()).isSameAs(deployment.currentLease());
				SnowflakeLayout layout = generators.layout("orders");
				long before = orders.nextId(31);
				assertThat(layout.decompose(before).workerId()).isEqualTo(deployment.getWorkerId());
				// the lease's mark covers the millisecond of the shard-carrying id
				assertThat(layout.timestampMillis(before)).isLessThanOrEqualTo(plain.getLease().getMarkMillis());
				int forced = deployment.updateWorkerId(true);
				assertThat(orders.nextIds(17, 3)).allSatisfy((id) -> {
					assertThat(id).isGreaterThan(before);
					assertThat(layout.decompose(id).workerId()).isEqualTo(forced);
					assertThat(layout.decompose(id).shard()).isEqualTo(17);
				});
			});
	}

}
