package io.github.idgen.shardingsphere;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

import org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmExecuteException;
import org.apache.shardingsphere.infra.algorithm.core.exception.AlgorithmInitializationException;
import org.apache.shardingsphere.sharding.api.sharding.complex.ComplexKeysShardingAlgorithm;
import org.apache.shardingsphere.sharding.api.sharding.complex.ComplexKeysShardingValue;
import org.jspecify.annotations.Nullable;

import io.github.idgen.shard.Shards;
import io.github.idgen.shardingsphere.ShardValues.KeyType;

/**
 * ShardingSphere's complex sharding algorithm {@code IDGEN_SHARD}: routes a row or a query by whichever
 * of its two sharding columns the SQL carries, the shard-carrying id ({@code id-column}, node {@code id
 * mod 2^shard-bits mod n}) or the key the id was issued for ({@code key-column}, a number or a text as
 * {@code key-type} says; the node of {@link Shards}' shard of it), to the same data node. {@code =} and
 * {@code IN} conditions route; a query carrying neither column, or only ranges or nulls of them, goes to
 * every node.
 * <p>
 * An {@code INSERT} row must give both configured columns, non-null and naming one node: otherwise the
 * row could not be found by its id or by its key, and it is refused naming the columns. A query whose
 * id and key name different nodes asks for a row that cannot exist (another user's order): it goes to
 * the id's node, where it finds none.
 * <p>
 * Properties: {@code shard-bits} (1 to 10, as the generator's), {@code sharding-count} (n, the data
 * nodes, dividing {@code 2^shard-bits}; checked when ShardingSphere loads the rule), {@code id-column},
 * {@code key-column} (at least one of the two), {@code key-type} ({@code number}, the default, or
 * {@code text}). The data node for shard {@code s} is the one whose name ends in the number
 * {@code s mod n}, as in {@code ds_${0..3}}.
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

	/**
	 * The property saying what the key column holds: {@code number} (the default; a text bound to it,
	 * such as {@code setString("42")} or {@code '42'}, is read as the number) or {@code text} (its
	 * CRC-32 picks the shard, whatever it looks like).
	 */
	public static final String KEY_TYPE = "key-type";

	// ShardingSphere 5.5's InsertClauseShardingConditionEngine gives each value of an INSERT row as a
	// Collections.singletonList; its WHERE clause engine gives a condition's values as a list it builds
	private static final Class<?> INSERT_ROW_VALUES = Collections.singletonList(null).getClass();

	private @Nullable ShardRouting routing;

	private @Nullable String idColumn;

	private @Nullable String keyColumn;

	private KeyType keyType = KeyType.NUMBER;

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
		this.keyType = keyType(props, key);
		this.routing = new ShardRouting(shardBits, nodes);
		this.idColumn = id;
		this.keyColumn = key;
	}

	private KeyType keyType(Properties props, @Nullable String keyColumn) {
		String value = columnProperty(props, KEY_TYPE);
		if (value == null) {
			return KeyType.NUMBER;
		}
		if (keyColumn == null) {
			throw new AlgorithmInitializationException(this,
					"property '%s' says what '%s' holds, but '%s' is not set: set it, or remove '%s'", KEY_TYPE, KEY_COLUMN,
					KEY_COLUMN, KEY_TYPE);
		}
		for (KeyType type : KeyType.values()) {
			if (type.value().equalsIgnoreCase(value)) {
				return type;
			}
		}
		throw new AlgorithmInitializationException(this,
				"property '%s' must be 'number' (integer keys, the default) or 'text' (keys whose CRC-32 picks the"
						+ " shard), was '%s'",
				KEY_TYPE, value);
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

	/**
	 * Routes a row or a query.
	 * @throws AlgorithmExecuteException (ShardingSphere's, which it answers as an {@code SQLException})
	 * for an {@code INSERT} row it refuses, or a value that cannot be what its column holds, naming the
	 * column
	 */
	@Override
	public Collection<String> doSharding(Collection<String> availableTargetNames,
			ComplexKeysShardingValue<Comparable<?>> shardingValue) {
		try {
			return route(availableTargetNames, shardingValue);
		}
		catch (IllegalArgumentException ex) {
			throw new AlgorithmExecuteException(this, "%s", ex.getMessage());
		}
	}

	private Collection<String> route(Collection<String> availableTargetNames,
			ComplexKeysShardingValue<Comparable<?>> shardingValue) {
		ShardRouting routing = routing();
		Map<Integer, String> targets = targetsByNumber(availableTargetNames, routing.nodes());
		Collection<Comparable<?>> ids = null;
		Collection<Comparable<?>> keys = null;
		boolean insertRow = true;
		for (Map.Entry<String, Collection<Comparable<?>>> condition : shardingValue.getColumnNameAndShardingValuesMap()
			.entrySet()) {
			if (condition.getKey().equalsIgnoreCase(this.idColumn)) {
				ids = condition.getValue();
			}
			else if (condition.getKey().equalsIgnoreCase(this.keyColumn)) {
				keys = condition.getValue();
			}
			else {
				continue;
			}
			insertRow &= INSERT_ROW_VALUES.isInstance(condition.getValue());
		}
		insertRow &= (ids != null || keys != null);
		Set<Integer> byId = (ids != null) ? nodes(ids, true) : Set.of();
		Set<Integer> byKey = (keys != null) ? nodes(keys, false) : Set.of();
		if (insertRow) {
			checkInsertRow(shardingValue.getLogicTableName(), ids, keys, byId, byKey);
		}
		Set<Integer> nodes;
		if (!byId.isEmpty() && !byKey.isEmpty()) {
			nodes = new LinkedHashSet<>(byId);
			nodes.retainAll(byKey);
			if (nodes.isEmpty()) {
				// no row has both (each was inserted on the node of both): ShardingSphere needs a node to ask
				nodes = byId;
			}
		}
		else if (!byId.isEmpty() || !byKey.isEmpty()) {
			nodes = byId.isEmpty() ? byKey : byId;
		}
		else {
			// neither column, or only nulls of them (a null matches no row, IS NULL any node's)
			return availableTargetNames;
		}
		List<String> routed = new ArrayList<>(nodes.size());
		for (int node : nodes) {
			routed.add(targets.get(node));
		}
		return routed;
	}

	/** The nodes of a condition's non-null values; empty if it has only nulls. */
	private Set<Integer> nodes(Collection<Comparable<?>> values, boolean id) {
		ShardRouting routing = routing();
		Set<Integer> nodes = new LinkedHashSet<>();
		for (Comparable<?> value : values) {
			if (value != null) {
				int shard = id ? ShardValues.shardOfId(value, this.idColumn, routing.shardBits())
						: ShardValues.shardOfKey(value, this.keyType, this.keyColumn, routing.shardBits());
				nodes.add(routing.nodeOfShard(shard));
			}
		}
		return nodes;
	}

	// a row with a null id or key, or an id of another key's node, could not be found by both: refused
	private void checkInsertRow(String table, @Nullable Collection<Comparable<?>> ids,
			@Nullable Collection<Comparable<?>> keys, Set<Integer> byId, Set<Integer> byKey) {
		if (ids != null && byId.isEmpty()) {
			throw new IllegalArgumentException("IDGEN_SHARD: an INSERT into " + table + " gives " + this.idColumn
					+ " null (or leaves it out), but the row's node comes from its shard-carrying id (property '"
					+ ID_COLUMN + "'): give the id issued for the row's key");
		}
		if (keys != null && byKey.isEmpty()) {
			throw new IllegalArgumentException("IDGEN_SHARD: an INSERT into " + table + " gives " + this.keyColumn
					+ " null (or leaves it out), but the row's node comes from its key (property '" + KEY_COLUMN
					+ "'): give every row its key");
		}
		if (!byId.isEmpty() && !byKey.isEmpty() && !byId.equals(byKey)) {
			throw new IllegalArgumentException("In " + table + ", " + this.idColumn + " " + ids + " lies on nodes " + byId
					+ " but " + this.keyColumn + " " + keys + " on nodes " + byKey
					+ ": an id must be issued for the shard of its row's key");
		}
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
