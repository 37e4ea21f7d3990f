package io.github.idgen.shardingsphere;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import com.google.common.collect.Range;
import org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmExecuteException;
import org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmInitializationException;
import org.apache.shardingsphere.sharding.api.sharding.complex.ComplexKeysShardingValue;
import org.junit.jupiter.api.Test;

import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.ShardedGenerator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

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
		IdgenShardingAlgorithm algorithm = algorithm("6", "4", "text");
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
	void aNumberKeyIsANumberWhateverTypeItIsBoundAs() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4");
		for (Comparable<?> user : List.<Comparable<?>>of(42L, 42, (short) 42, BigInteger.valueOf(42), new BigDecimal("42.0"),
				"42", " 42 ", "+42", "042")) {
			assertThat(route(algorithm, Map.of("user_id", List.of(user)))).as("%s", user).containsExactly("ds_2");
		}
		assertThat(route(algorithm, Map.of("order_id", List.of(Long.toString(this.orders.nextId(7))))))
			.containsExactly("ds_3");
	}

	@Test
	void aTextKeyIsATextWhateverItLooksLike() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4", "text");
		String node = "ds_" + (Shards.crc32("42") % 64 % 4);
		assertThat(route(algorithm, Map.of("user_id", List.of("42")))).containsExactly(node);
		assertThat(route(algorithm, Map.of("user_id", List.of(42L)))).containsExactly(node);
	}

	@Test
	void aValueThatCannotBeWhatItsColumnHoldsIsRefusedNamingColumnAndProperty() {
		IdgenShardingAlgorithm numbers = algorithm("6", "4");
		for (Comparable<?> user : List.<Comparable<?>>of("4x2", "", "1e3", 4.2, new BigDecimal("4.2"),
				new BigInteger("99999999999999999999"))) {
			assertThatExceptionOfType(AlgorithmExecuteException.class).as("%s", user)
				.isThrownBy(() -> route(numbers, Map.of("user_id", List.of(user))))
				.withMessageContaining("user_id (property 'key-column') is a number key (property 'key-type' is number)")
				.withMessageContaining("set 'key-type: text' if user_id holds text");
		}
		assertThatExceptionOfType(AlgorithmExecuteException.class)
			.isThrownBy(() -> route(numbers, Map.of("order_id", List.of("x"))))
			.withMessageContaining("IDGEN_SHARD: order_id (property 'id-column') holds shard-carrying ids, but the value"
					+ " is the text 'x', which is no integer");
		assertThatExceptionOfType(AlgorithmExecuteException.class)
			.isThrownBy(() -> route(algorithm("6", "4", "text"), Map.of("user_id", List.of(1.5))))
			.withMessageContaining("user_id (property 'key-column') is a text key (property 'key-type' is text)");
	}

	@Test
	void nullsRouteNoQueryAwayFromItsOtherValues() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4");
		assertThat(route(algorithm, Map.of("user_id", nulls()))).containsExactlyElementsOf(NODES);
		assertThat(route(algorithm, Map.of("order_id", nulls()))).containsExactlyElementsOf(NODES);
		List<Comparable<?>> userOrNull = new ArrayList<>(List.of(5L));
		userOrNull.add(null);
		assertThat(route(algorithm, Map.of("user_id", userOrNull))).containsExactly("ds_1");
		assertThat(route(algorithm, Map.of("order_id", List.of(this.orders.nextId(6)), "user_id", nulls())))
			.containsExactly("ds_2");
	}

	@Test
	void aQueryForAnIdAndAnotherKeysNodeGoesToTheIdsNode() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4");
		long idOfShard1 = this.orders.nextId(1);
		assertThat(route(algorithm, Map.of("order_id", List.of(idOfShard1), "user_id", List.of(2L))))
			.containsExactly("ds_1");
		List<Comparable<?>> twoIds = List.of(idOfShard1, this.orders.nextId(3));
		assertThat(route(algorithm, Map.of("order_id", twoIds, "user_id", List.of(3L)))).containsExactly("ds_3");
	}

	// ShardingSphere gives an INSERT row's values as singleton lists, a WHERE clause's as lists it builds
	@Test
	void anInsertRowWithAnIdIssuedForAnotherUsersShardIsRefusedNamingBothColumns() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4");
		long idOfShard1 = this.orders.nextId(1);
		assertThatExceptionOfType(AlgorithmExecuteException.class)
			.isThrownBy(() -> route(algorithm,
					Map.of("order_id", Collections.singletonList(idOfShard1), "user_id", Collections.singletonList(2L))))
			.withMessageContaining("order_id")
			.withMessageContaining("user_id")
			.withMessageContaining("an id must be issued for the shard of its row's key");
		assertThat(route(algorithm,
				Map.of("order_id", Collections.singletonList(idOfShard1), "user_id", Collections.singletonList(5L))))
			.containsExactly("ds_1");
	}

	@Test
	void anInsertRowWithANullKeyOrIdIsRefusedNamingTheColumn() {
		IdgenShardingAlgorithm algorithm = algorithm("6", "4");
		assertThatExceptionOfType(AlgorithmExecuteException.class)
			.isThrownBy(() -> route(algorithm, Map.of("order_id", Collections.singletonList(this.orders.nextId(1)),
					"user_id", Collections.singletonList(null))))
			.withMessageContaining("IDGEN_SHARD: an INSERT into t_order gives user_id null (or leaves it out)");
		assertThatExceptionOfType(AlgorithmExecuteException.class)
			.isThrownBy(() -> route(algorithm,
					Map.of("order_id", Collections.singletonList(null), "user_id", Collections.singletonList(1L))))
			.withMessageContaining("IDGEN_SHARD: an INSERT into t_order gives order_id null (or leaves it out)");
	}

	@Test
	void keyTypeOtherThanNumberOrTextOrWithoutKeyColumnIsRefused() {
		assertThatExceptionOfType(AlgorithmInitializationException.class).isThrownBy(() -> algorithm("6", "4", "string"))
			.withMessageContaining("'key-type' must be 'number' (integer keys, the default) or 'text'")
			.withMessageContaining("was 'string'");
		Properties idOnly = new Properties();
		idOnly.setProperty("shard-bits", "6");
		idOnly.setProperty("sharding-count", "4");
		idOnly.setProperty("id-column", "order_id");
		idOnly.setProperty("key-type", "text");
		assertThatExceptionOfType(AlgorithmInitializationException.class)
			.isThrownBy(() -> new IdgenShardingAlgorithm().init(idOnly))
			.withMessageContaining("'key-type' says what 'key-column' holds, but 'key-column' is not set");
		assertThat(route(algorithm("6", "4", "NUMBER"), Map.of("user_id", List.of("7")))).containsExactly("ds_3");
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
		return algorithm(shardBits, shardingCount, null);
	}

	static IdgenShardingAlgorithm algorithm(String shardBits, String shardingCount, String keyType) {
		Properties props = new Properties();
		if (keyType != null) {
			props.setProperty("key-type", keyType);
		}
		props.setProperty("shard-bits", shardBits);
		props.setProperty("sharding-count", shardingCount);
		props.setProperty("id-column", "order_id");
		props.setProperty("key-column", "user_id");
		IdgenShardingAlgorithm algorithm = new IdgenShardingAlgorithm();
		algorithm.init(props);
		return algorithm;
	}

	static List<Comparable<?>> nulls() {
		List<Comparable<?>> nulls = new ArrayList<>();
		nulls.add(null);
		return nulls;
	}

	static Collection<String> route(IdgenShardingAlgorithm algorithm, Map<String, Collection<Comparable<?>>> values) {
		return algorithm.doSharding(NODES, new ComplexKeysShardingValue<>("t_order", values, Map.of()));
	}

}
