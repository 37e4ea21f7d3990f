package io.github.idgen.shardingsphere;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;

import io.github.idgen.shard.Shards;

/**
 * The shard of a value ShardingSphere hands {@code IDGEN_SHARD}, read as its column's configuration
 * says, never as the Java type the application happened to bind: {@code setString("42")} and the
 * literal {@code '42'} are the number 42 for a number key, as the database compares them with a
 * {@code BIGINT} column; and a text key is text whatever it looks like. A value that cannot be what its
 * column holds is refused naming the column and the property.
 */
final class ShardValues {

	private ShardValues() {
	}

	/** What the key column holds, the property {@code key-type}. */
	enum KeyType {

		/** An integer, such as a numeric user id: its shard is {@code floorMod(key, 2^shardBits)}. */
		NUMBER,

		/** A text, such as a user name: its shard is the CRC-32 of its UTF-8 bytes. */
		TEXT;

		/** As the property writes it. */
		String value() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

	/**
	 * Returns the shard a shard-carrying id carries.
	 * @param value the id as bound: a whole number, or a text of one
	 * @param column the id column, for the message
	 * @param shardBits the shard bits
	 * @return its lowest {@code shardBits} bits
	 * @throws IllegalArgumentException naming the column if the value is no integer
	 */
	static int shardOfId(Object value, String column, int shardBits) {
		Long id = integer(value);
		if (id == null) {
			throw new IllegalArgumentException("IDGEN_SHARD: " + column + " (property '" + IdgenShardingAlgorithm.ID_COLUMN
					+ "') holds shard-carrying ids, but the value is " + describe(value) + ", which is no integer");
		}
		return (int) (id & ((1L << shardBits) - 1));
	}

	/**
	 * Returns the shard of a key.
	 * @param value the key as bound
	 * @param type what the key column holds
	 * @param column the key column, for the message
	 * @param shardBits the shard bits
	 * @return {@link Shards#ofNumber} of a number key, {@link Shards#ofKey} of a text key
	 * @throws IllegalArgumentException naming the column and {@code key-type} if the value cannot be a
	 * key of that type
	 */
	static int shardOfKey(Object value, KeyType type, String column, int shardBits) {
		if (type == KeyType.TEXT) {
			return Shards.ofKey(text(value, column), shardBits);
		}
		Long key = integer(value);
		if (key == null) {
			throw new IllegalArgumentException("IDGEN_SHARD: " + column + " (property '"
					+ IdgenShardingAlgorithm.KEY_COLUMN + "') is a number key (property '" + IdgenShardingAlgorithm.KEY_TYPE
					+ "' is " + KeyType.NUMBER.value() + "), but the value is " + describe(value)
					+ ", which is no integer: bind the key's number, or set '" + IdgenShardingAlgorithm.KEY_TYPE + ": "
					+ KeyType.TEXT.value() + "' if " + column + " holds text");
		}
		return Shards.ofNumber(key, shardBits);
	}

	private static String text(Object value, String column) {
		if (value instanceof CharSequence text) {
			return text.toString();
		}
		// a number bound to a text column: the database compares its decimal text
		Long number = integer(value);
		if (number != null) {
			return Long.toString(number);
		}
		throw new IllegalArgumentException("IDGEN_SHARD: " + column + " (property '" + IdgenShardingAlgorithm.KEY_COLUMN
				+ "') is a text key (property '" + IdgenShardingAlgorithm.KEY_TYPE + "' is " + KeyType.TEXT.value()
				+ "), but the value is " + describe(value) + ": bind the key's text");
	}

	/** The value as a {@code long}, or null if it is no integer that fits one. */
	private static Long integer(Object value) {
		if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
			return ((Number) value).longValue();
		}
		try {
			if (value instanceof BigInteger big) {
				return big.longValueExact();
			}
			if (value instanceof BigDecimal decimal) {
				return decimal.longValueExact();
			}
			if (value instanceof CharSequence text) {
				// as the database reads the text it compares with a BIGINT column: surrounding spaces allowed
				return Long.parseLong(text.toString().trim());
			}
		}
		catch (ArithmeticException | NumberFormatException ex) {
			return null;
		}
		return null;
	}

	private static String describe(Object value) {
		return (value instanceof CharSequence) ? "the text '" + value + "'"
				: "a " + value.getClass().getName() + " " + value;
	}

}
