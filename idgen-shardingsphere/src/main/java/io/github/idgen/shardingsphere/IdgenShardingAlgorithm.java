package io.github.idgen.shardingsphere;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.ToIntFunction;

import org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmInitializationException;
import org.apache.shardingsphere.sharding.api.sharding.complex.ComplexKeysShardingAlgorithm;
import org.apache.shardingsphere.sharding.api.sharding.complex.ComplexKeysShardingValue;
import org.jspecify.annotations.Nullable;

import io.github.idgen.shard.Shards;

/**
 * ShardingSphere's complex sharding algorithm {@code IDGEN_SHARD}: routes a row or a query by whichever
 * of its two sharding columns the SQL carries, the shard-carrying id ({@code id-column}, node {@code id
 * mod 2^shard-bits mod n}) or the key the id was issued for ({@code key-column}, a number or a text; the
 * node of {@link Shards}' shard of it), to the same data node. {@code =} and {@code IN} conditions route;
 * a query carrying neither column, or only ranges of them, goes to every node.
 * <p>
 * Properties: {@code shard-bits} (1 to 10, as the generator's), {@code sharding-count} (n, the data
 * nodes, dividing {@code 2^shard-bits}; checked when ShardingSphere loads the rule), {@code id-column},
 * {@code key-column} (at least one of the two). The data node for shard {@code s} is the one whose name ends in the
 * number {@code s mod n}, as in {@code ds_${0..3}}.
 */
public final class IdgenShardingAlgorithm implements ComplexKeysShardingAlgorithm<Comparable<?>> {

	/** The property giving the shard bits of the ids. */
	public static final String SHARD_BITS = "shard-bits";

	/** The property giving the number of data nodes. */
	public static final String SHARDING_COUNT = "sharding-count";

	/** The property naming the column of the shard-carrying id. */
	public static final String ID_COLUMN = "id-column";

	/** The property naming the column of the key the ids are issued for. */
	public static final String KEY_COLUMN = "key-column";

	private @Nullable ShardRouting routing;

	private @Nullable String idColumn;

	private @Nullable String keyColumn;

	@Override
	public void init(Properties props) {
		int shardBits = intProperty(props, SHARD_BITS);
		if (shardBits < 1 || shardBits > Shards.MAX_SHARD_BITS) {
			throw new AlgorithmInitializationException(this, "property '%s' must be from 1 to %s, was %s", SHARD_BITS,
					Shards.MAX_SHARD_BITS, shardBits);
		}
		int nodes = intProperty(props, SHARDING_COUNT);
		if (nodes < 1 || (1 << shardBits) % nodes != 0) {
			throw new AlgorithmInitializationException(this,
					"property '%s' (%s) must divide 2^%s = %s, the shards of '%s', so that every row of a shard lands on one node: use 1, 2, 4, ... up to %s",
					SHARDING_COUNT, nodes, SHARD_BITS, 1 << shardBits, SHARD_BITS, 1 << shardBits);
		}
		String id = columnProperty(props, ID_COLUMN);
		String key = columnProperty(props, KEY_COLUMN);
		if (id == null && key == null) {
			throw new AlgorithmInitializationException(this,
					"property '%s' (the column of the shard-carrying id) or '%s' (the column of the key it was issued for) is required, or both",
					ID_COLUMN, KEY_COLUMN);
		}
		this.routing = new ShardRouting(shardBits, nodes);
		this.idColumn = id;
		this.keyColumn = key;
	}

	private static @Nullable String columnProperty(Properties props, String name) {
		String value = props.getProperty(name);
		return (value == null || value.isBlank()) ? null : value.trim();
	}

	private int intProperty(Properties props, String name) {
		String value = props.getProperty(name);
		if (value == null || value.isBlank()) {
			throw new AlgorithmInitializationException(this, "property '%s' is required", name);
		}
		try {
			return Integer.parseInt(value.trim());
		}
		catch (NumberFormatException ex) {
			throw new AlgorithmInitializationException(this, "property '%s' must be a whole number, was '%s'", name,
					value);
		}
	}

	@Override
	public Collection<String> doSharding(Collection<String> availableTargetNames,
			ComplexKeysShardingValue<Comparable<?>> shardingValue) {
		ShardRouting routing = routing();
		Map<Integer, String> targets = targetsByNumber(availableTargetNames, routing.nodes());
		Set<Integer> byId = null;
		Set<Integer> byKey = null;
		Collection<Comparable<?>> ids = List.of();
		Collection<Comparable<?>> keys = List.of();
		for (Map.Entry<String, Collection<Comparable<?>>> condition : shardingValue.getColumnNameAndShardingValuesMap()
			.entrySet()) {
			if (condition.getKey().equalsIgnoreCase(this.idColumn)) {
				ids = condition.getValue();
				byId = nodes(ids, (value) -> routing.nodeOfId(idValue(value)));
			}
			else if (condition.getKey().equalsIgnoreCase(this.keyColumn)) {
				keys = condition.getValue();
				byKey = nodes(keys, routing::nodeOfKey);
			}
		}
		Set<Integer> nodes;
		if (byId != null && byKey != null) {
			nodes = new LinkedHashSet<>(byId);
			nodes.retainAll(byKey);
			if (nodes.isEmpty()) {
				throw new IllegalArgumentException("In " + shardingValue.getLogicTableName() + ", " + this.idColumn
						+ " " + ids + " lies on nodes " + byId + " but " + this.keyColumn + " " + keys + " on nodes "
						+ byKey + ": an id must be issued for the shard of its row's key");
			}
		}
		else if (byId != null || byKey != null) {
			nodes = (byId != null) ? byId : byKey;
		}
		else {
			return availableTargetNames;
		}
		List<String> routed = new ArrayList<>(nodes.size());
		for (int node : nodes) {
			routed.add(targets.get(node));
		}
		return routed;
	}

	private static Set<Integer> nodes(Collection<Comparable<?>> values, ToIntFunction<Object> node) {
		Set<Integer> nodes = new LinkedHashSet<>();
		for (Comparable<?> value : values) {
			nodes.add(node.applyAsInt(value));
		}
		return nodes;
	}

	private static long idValue(Object value) {
		if (value instanceof CharSequence text) {
			return Long.parseLong(text.toString().trim());
		}
		return ShardRouting.wholeNumber(value, "id");
	}

	// ShardingSphere's own convention (ds_${0..3}): a target is numbered by the digits its name ends in
	private Map<Integer, String> targetsByNumber(Collection<String> names, int nodes) {
		Map<Integer, String> targets = new HashMap<>();
		for (String name : names) {
			int start = name.length();
			while (start > 0 && Character.isDigit(name.charAt(start - 1))) {
				start--;
			}
			if (start < name.length() && name.length() - start < 10) {
				int number = Integer.parseInt(name.substring(start));
				if (number < nodes) {
					targets.put(number, name);
				}
			}
		}
		if (targets.size() != nodes || names.size() != nodes) {
			throw new IllegalStateException(String.format(Locale.ROOT,
					"IDGEN_SHARD: property '%s' is %d but the data nodes are %s; it needs exactly %d nodes whose names end in 0 to %d",
					SHARDING_COUNT, nodes, names, nodes, nodes - 1));
		}
		return targets;
	}

	private ShardRouting routing() {
		if (this.routing == null) {
			throw new IllegalStateException("not initialised: ShardingSphere calls init(Properties) first");
		}
		return this.routing;
	}

	/**
	 * Returns the routing this algorithm applies.
	 * @return its shard bits and number of data nodes
	 */
	public ShardRouting getRouting() {
		return routing();
	}

	@Override
	public String getType() {
		return "IDGEN_SHARD";
	}

}
