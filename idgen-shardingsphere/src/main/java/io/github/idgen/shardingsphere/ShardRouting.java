package io.github.idgen.shardingsphere;

import java.math.BigDecimal;
import java.math.BigInteger;

import io.github.idgen.shard.Shards;

/**
 * Which of {@code n} data nodes holds a row, from its shard-carrying id or from its key: node
 * {@code shard mod n}, where an id's shard is its lowest {@code shardBits} bits and a key's shard is
 * {@link Shards#ofNumber(long, int)} for a number and {@link Shards#ofKey(String, int)} for a text. Since
 * {@code n} divides {@code 2^shardBits}, an id issued for a key's shard lands on the key's node.
 * Plain Java, for routing without ShardingSphere too.
 */
public final class ShardRouting {

	private final int shardBits;

	private final int nodes;

	/**
	 * Creates the routing.
	 * @param shardBits the shard bits of the ids, 1 to {@link Shards#MAX_SHARD_BITS}
	 * @param nodes the number of data nodes, dividing {@code 2^shardBits}
	 * @throws IllegalArgumentException naming the argument that is out of range
	 */
	public ShardRouting(int shardBits, int nodes) {
		if (shardBits < 1 || shardBits > Shards.MAX_SHARD_BITS) {
			throw new IllegalArgumentException(
					"shardBits must be from 1 to " + Shards.MAX_SHARD_BITS + ", was " + shardBits);
		}
		if (nodes < 1 || (1 << shardBits) % nodes != 0) {
			throw new IllegalArgumentException("nodes must divide 2^" + shardBits + " = " + (1 << shardBits)
					+ " (a power of two up to it), so that every id of a shard lands on one node; was " + nodes);
		}
		this.shardBits = shardBits;
		this.nodes = nodes;
	}

	/**
	 * Returns the node of a shard-carrying id.
	 * @param id the id
	 * @return 0 to {@code nodes - 1}
	 */
	public int nodeOfId(long id) {
		return (int) (id & ((1L << this.shardBits) - 1)) % this.nodes;
	}

	/**
	 * Returns the node of a shard.
	 * @param shard 0 to {@code 2^shardBits - 1}
	 * @return {@code shard mod nodes}
	 * @throws IllegalArgumentException if the shard is out of range
	 */
	public int nodeOfShard(int shard) {
		return Shards.checkShard(shard, this.shardBits) % this.nodes;
	}

	/**
	 * Returns the node of a key held as a Java value: a number key as a {@code Long} (or another whole
	 * number type), a text key as a {@code String}. A key read from elsewhere (a request, a statement's
	 * parameter) is converted to the type of its column first: {@code "42"} is a text key here.
	 * @param key a number (its shard is {@code floorMod(key, 2^shardBits)}) or a text (the CRC-32 of its
	 * UTF-8 bytes)
	 * @return 0 to {@code nodes - 1}
	 * @throws IllegalArgumentException if the key is null, or neither a whole number nor a text
	 */
	public int nodeOfKey(Object key) {
		return shardOfKey(key) % this.nodes;
	}

	/**
	 * Returns the shard of a key held as a Java value, as the id issued for it carries.
	 * @param key a number or a text, as for {@link #nodeOfKey(Object)}
	 * @return 0 to {@code 2^shardBits - 1}
	 * @throws IllegalArgumentException if the key is null, or neither a whole number nor a text
	 */
	public int shardOfKey(Object key) {
		if (key == null) {
			throw new IllegalArgumentException("key must not be null: a row without a key has no shard");
		}
		if (key instanceof CharSequence text) {
			return Shards.ofKey(text.toString(), this.shardBits);
		}
		return Shards.ofNumber(wholeNumber(key, "key"), this.shardBits);
	}

	/**
	 * Returns the number of data nodes.
	 * @return n
	 */
	public int nodes() {
		return this.nodes;
	}

	/**
	 * Returns the shard bits of the ids.
	 * @return g
	 */
	public int shardBits() {
		return this.shardBits;
	}

	private static long wholeNumber(Object value, String what) {
		if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
			return ((Number) value).longValue();
		}
		if (value instanceof BigInteger big) {
			return big.longValueExact();
		}
		if (value instanceof BigDecimal decimal) {
			return decimal.longValueExact();
		}
		throw new IllegalArgumentException(
				"a " + what + " must be a whole number" + ("key".equals(what) ? " or a text" : "") + ", was "
						+ value.getClass().getName() + " " + value);
	}

	@Override
	public String toString() {
		return "ShardRouting[shardBits=" + this.shardBits + ", nodes=" + this.nodes + "]";
	}

}
