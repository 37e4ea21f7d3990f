package io.github.idgen.shardingsphere;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import com.google.common.collect.Range;
import org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmInitializationException;
import org.apache.shardingsphere.sharding.api.sharding.complex.ComplexKeysShardingValue;
import org.junit.jupiter.api.Test;

import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.ShardedGenerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link IdgenShardingAlgorithm}'s routing and the properties it refuses.
 */
class IdgenShardingAlgorithmTests {

	static final List<String> NODES = List.of("ds_0", "ds_1", "ds_2", "ds_3");

	final ShardedGenerator orders = ShardedOrderIds.generator(6);

	@Test
	void idAndNumberKeyOfOneUserRouteToTheSameNode() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4");
		for (long user = -50; user < 500; user++) {
			long id = this.orders.nextId(Shards.ofNumber(user, 6));
			String node = "ds_" + Math.floorMod(user, 4);
			assertThat(route(algorithm, Map.of("order_id", List.of(id)))).containsExactly(node);
			assertThat(route(algorithm, Map.of("user_id", List.of(user)))).containsExactly(node);
			assertThat(route(algorithm, Map.of("ORDER_ID", List.of(id), "user_id", List.of((int) user))))
				.containsExactly(node);
		}
	}

	@Test
	void textKeyRoutesByItsCrc32AsTheIdIssuedForIt() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4");
		for (String user : List.of("alice", "bob", "Zoë", "用户", "🦊")) {
			long id = this.orders.nextId(user);
			String node = "ds_" + (Shards.crc32(user) % 64 % 4);
			assertThat(route(algorithm, Map.of("user_id", List.of(user)))).containsExactly(node);
			assertThat(route(algorithm, Map.of("order_id", List.of(id)))).containsExactly(node);
		}
	}

	@Test
	void inListRoutesToTheNodesOfItsValuesOnly() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4");
		List<Comparable<?>> ids = List.of(this.orders.nextId(4), this.orders.nextId(5), this.orders.nextId(9));
		assertThat(route(algorithm, Map.of("order_id", ids))).containsExactlyInAnyOrder("ds_0", "ds_1");
		assertThat(route(algorithm, Map.of("user_id", List.of(3L, 7L, 11L)))).containsExactly("ds_3");
	}

	@Test
	void conditionOnNeitherColumnRoutesToEveryNode() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4");
		ComplexKeysShardingValue<Comparable<?>> rangeOnly = new ComplexKeysShardingValue<>("t_order", Map.of(),
				Map.of("order_id", Range.closed(1L, 1000L)));
		assertThat(algorithm.doSharding(NODES, rangeOnly)).containsExactlyElementsOf(NODES);
		assertThat(route(algorithm, Map.of("amount", List.of(5)))).containsExactlyElementsOf(NODES);
	}

	@Test
	void idIssuedForAnotherUsersShardIsRefusedNamingBothColumns() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4");
		long idOfShard1 = this.orders.nextId(1);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> route(algorithm, Map.of("order_id", List.of(idOfShard1), "user_id", List.of(2L))))
			.withMessageContaining("order_id")
			.withMessageContaining("user_id")
			.withMessageContaining("an id must be issued for the shard of its row's key");
	}

	@Test
	void shardingCountNotDividingTheShardsIsRefusedNamingTheProperty() {
		assertThatExceptionOfType(AlgorithmInitializationException.class).isThrownBy(() -> algorithm("6", "3"))
			.withMessageContaining("'sharding-count' (3) must divide 2^shard-bits = 64");
		assertThatExceptionOfType(AlgorithmInitializationException.class).isThrownBy(() -> algorithm("2", "8"))
			.withMessageContaining("'sharding-count' (8) must divide 2^shard-bits = 4");
	}

	@Test
	void shardBitsOutOfRangeAndMissingColumnsAreRefused() {
		assertThatExceptionOfType(AlgorithmInitializationException.class).isThrownBy(() -> algorithm("11", "4"))
			.withMessageContaining("'shard-bits' must be from 1 to 10, was 11");
		assertThatExceptionOfType(AlgorithmInitializationException.class).isThrownBy(() -> algorithm("x", "4"))
			.withMessageContaining("'shard-bits' must be a whole number, was 'x'");
		Properties noColumns = new Properties();
		noColumns.setProperty("shard-bits", "6");
		noColumns.setProperty("sharding-count", "4");
		assertThatExceptionOfType(AlgorithmInitializationException.class)
			.isThrownBy(() -> new IdgenShardingAlgorithm().init(noColumns))
			.withMessageContaining("'id-column'")
			.withMessageContaining("'key-column'");
	}

	@Test
	void dataNodesOtherThanShardingCountAreRefusedAtRouting() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4");
		ComplexKeysShardingValue<Comparable<?>> byUser = new ComplexKeysShardingValue<>("t_order",
				Map.of("user_id", List.of(1L)), Map.of());
		assertThatExceptionOfType(IllegalStateException.class)
			.isThrownBy(() -> algorithm.doSharding(List.of("ds_0", "ds_1"), byUser))
			.withMessageContaining("'sharding-count' is 4 but the data nodes are [ds_0, ds_1]");
	}

	static IdgenShardingAlgorithm algorithm(String shardBits, String shardingCount) {
		Properties props = new Properties();
		props.setProperty("shard-bits", shardBits);
		props.setProperty("sharding-count", shardingCount);
		props.setProperty("id-column", "order_id");
		props.setProperty("key-column", "user_id");
		IdgenShardingAlgorithm algorithm = new IdgenShardingAlgorithm();
		algorithm.init(props);
		return algorithm;
	}

	static Collection<String> route(IdgenShardingAlgorithm algorithm, Map<String, Collection<Comparable<?>>> values) {
		return algorithm.doSharding(NODES, new ComplexKeysShardingValue<>("t_order", values, Map.of()));
	}

}
