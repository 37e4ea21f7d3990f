package io.github.idgen.server.api;

import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;

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

	/** The OpenAPI description of {@code ?shard=}, read from the request rather than bound. */
	static final String SHARD_DESCRIPTION = "The shard the ids carry, 0 to 2^shard-bits - 1, for ids with shard bits;"
			+ " once, not with key";

	/** The OpenAPI description of {@code ?key=}, read from the request rather than bound. */
	static final String KEY_DESCRIPTION = "A non-empty text whose CRC-32 (of its UTF-8 bytes) picks the shard the ids"
			+ " carry, for ids with shard bits; once, not with shard";

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
	 * Reads {@code ?shard=} and {@code ?key=} for ids of a generator or tag: the shard they carry. The
	 * values come from the request itself, where a repeated parameter shows (bound to a {@code String},
	 * Spring MVC would join its values with commas).
	 * @param request the request
	 * @param shardBits the shard bits of the generator's or tag's ids, 0 for none
	 * @param what the generator or tag, for the error, such as {@code "generator 'orders'"}
	 * @return the shard, or null for ids that carry none
	 * @throws BadParameterException as {@link ShardParameters#shard} refuses them
	 */
	static @Nullable Integer shard(HttpServletRequest request, int shardBits, String what) {
		try {
			return ShardParameters.shard(request.getParameterValues("shard"), request.getParameterValues("key"),
					shardBits, what);
		}
		catch (BadShardParameterException ex) {
			throw new BadParameterException(ex.getParameter(), ex.getMessage());
		}
	}

	/**
	 * Refuses {@code ?shard=} and {@code ?key=} where the answer carries no shard at all, rather than
	 * ignoring them.
	 * @param request the request
	 * @param reason why, the start of the error, such as {@code "The business numbers of code 'x' carry no shard"}
	 * @throws BadParameterException naming the parameter if either is there
	 */
	static void noShard(HttpServletRequest request, String reason) {
		try {
			ShardParameters.none(request.getParameterValues("shard"), request.getParameterValues("key"), reason);
		}
		catch (BadShardParameterException ex) {
			throw new BadParameterException(ex.getParameter(), ex.getMessage());
		}
	}

}
