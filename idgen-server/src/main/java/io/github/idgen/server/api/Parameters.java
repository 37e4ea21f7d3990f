package io.github.idgen.server.api;

import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

import io.github.idgen.shard.ShardParameters;
import io.github.idgen.shard.ShardParameters.BadShardParameterException;

/**
 * Reads the numeric parameters of the API strictly: decimal digits only, within the bounds, or a
 * {@link BadParameterException} naming the parameter.
 */
final class Parameters {

	/** Most ids one {@code ?count=} request gets. */
	static final int MAX_COUNT = 10_000;

	/**
	 * Most ids one request takes from a tag, whether it asks with {@code ?size=} or {@code ?step=}
	 * (unless the tag's own step, set by its operator, is larger).
	 */
	static final int MAX_RANGE_SIZE = 100_000;

	private static final Pattern DIGITS = Pattern.compile("[0-9]{1,19}");

	private Parameters() {
	}

	static int count(@Nullable String count) {
		return (int) bounded("count", count, 1, MAX_COUNT);
	}

	/**
	 * Reads {@code ?step=}: any step from 1 up, of which a request takes at most
	 * {@link #MAX_RANGE_SIZE}.
	 */
	static int step(@Nullable String step) {
		return (int) Math.min(bounded("step", step, 1, Long.MAX_VALUE), MAX_RANGE_SIZE);
	}

	/**
	 * Parses a required parameter.
	 * @param name the parameter's name, for the error
	 * @param value its text, null if missing
	 * @param min the smallest value allowed
	 * @param max the largest value allowed
	 * @return the value
	 */
	static long bounded(String name, @Nullable String value, long min, long max) {
		if (value != null && DIGITS.matcher(value).matches()) {
			try {
				long parsed = Long.parseLong(value);
				if (parsed >= min && parsed <= max) {
					return parsed;
				}
			}
			catch (NumberFormatException ex) {
				// 19 digits above Long.MAX_VALUE
			}
		}
		throw new BadParameterException(name, name + " must be an integer from " + min + " to " + max + ", was "
				+ ((value != null) ? "'" + value + "'" : "missing"));
	}

	/**
	 * Reads {@code ?shard=} and {@code ?key=} for ids of a generator or tag: the shard they carry.
	 * @param shard the {@code shard} parameter, null if missing
	 * @param key the {@code key} parameter (always text), null if missing
	 * @param shardBits the shard bits of the generator's or tag's ids, 0 for none
	 * @param what the generator or tag, for the error, such as {@code "generator 'orders'"}
	 * @return the shard, or null for ids that carry none
	 * @throws BadParameterException as {@link ShardParameters#shard} refuses them
	 */
	static @Nullable Integer shard(@Nullable String shard, @Nullable String key, int shardBits, String what) {
		try {
			return ShardParameters.shard(shard, key, shardBits, what);
		}
		catch (BadShardParameterException ex) {
			throw new BadParameterException(ex.getParameter(), ex.getMessage());
		}
	}

}
