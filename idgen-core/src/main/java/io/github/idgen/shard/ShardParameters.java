package io.github.idgen.shard;

import org.jspecify.annotations.Nullable;

/**
 * Reads the shard of an HTTP request's {@code ?shard=} and {@code ?key=} parameters, with the same rules
 * and messages wherever ids are served over HTTP (idgen-server, an application's own endpoints): a
 * shard in range or a non-empty text key, each given once, for ids that carry a shard; neither for ids
 * that carry none.
 * <p>
 * The parameters come as every value the request has ({@code ServletRequest.getParameterValues}):
 * a framework that binds a repeated parameter to one {@code String} joins its values with commas, and
 * {@code ?key=alice&key=bob} would then pick the shard of the text {@code "alice,bob"}.
 */
public final class ShardParameters {

	private ShardParameters() {
	}

	/**
	 * Reads the shard a request asks for.
	 * @param shard the values of the {@code shard} parameter (decimal digits), null if missing
	 * @param key the values of the {@code key} parameter (always text), null if missing
	 * @param shardBits the shard bits of the ids, 0 for ids without a shard
	 * @param what what issues the ids, for the messages, such as {@code "generator 'orders'"}
	 * @return the shard, or null for ids that carry none
	 * @throws BadShardParameterException a parameter given more than once, a shard out of range or no
	 * number, an empty key, both parameters, neither where the ids carry a shard, or either where they
	 * carry none
	 */
	public static @Nullable Integer shard(String @Nullable [] shard, String @Nullable [] key, int shardBits,
			String what) {
		if (shardBits == 0) {
			none(shard, key, "The ids of " + what + " carry no shard");
			return null;
		}
		String shardValue = once("shard", shard);
		String keyValue = once("key", key);
		if (shardValue != null && keyValue != null) {
			throw new BadShardParameterException("shard",
					"Give ?shard= or ?key=, not both: the shard of the ids of " + what + " is one or the other");
		}
		if (keyValue != null) {
			if (keyValue.isEmpty()) {
				throw new BadShardParameterException("key",
						"key must not be empty: its CRC-32 picks the shard of the ids of " + what);
			}
			return Shards.ofKey(keyValue, shardBits);
		}
		int highest = (1 << shardBits) - 1;
		if (shardValue == null) {
			throw new BadShardParameterException("shard", "The ids of " + what + " carry a shard: give ?shard= (0 to "
					+ highest + ") or ?key= (a text whose CRC-32 picks the shard)");
		}
		if (!shardValue.matches("[0-9]{1,4}") || Integer.parseInt(shardValue) > highest) {
			throw new BadShardParameterException("shard",
					"shard must be an integer from 0 to " + highest + ", was '" + shardValue + "'");
		}
		return Integer.parseInt(shardValue);
	}

	/**
	 * Refuses both parameters where what is asked for carries no shard at all, so that a caller who
	 * asks for a shard learns it gets none rather than an answer without it.
	 * @param shard the values of the {@code shard} parameter, null if missing
	 * @param key the values of the {@code key} parameter, null if missing
	 * @param reason why neither applies, the start of the message, such as {@code "The business numbers
	 * of code 'invoices' carry no shard"}
	 * @throws BadShardParameterException if either parameter is there, with or without a value
	 */
	public static void none(String @Nullable [] shard, String @Nullable [] key, String reason) {
		if (shard != null || key != null) {
			String name = (shard != null) ? "shard" : "key";
			throw new BadShardParameterException(name, reason + ", so leave out ?" + name + "=");
		}
	}

	private static @Nullable String once(String name, String @Nullable [] values) {
		if (values == null || values.length == 0) {
			return null;
		}
		if (values.length > 1) {
			throw new BadShardParameterException(name, "Give ?" + name + "= once, the request has it " + values.length
					+ " times: the ids carry one shard");
		}
		return values[0];
	}

	/**
	 * A {@code ?shard=} or {@code ?key=} parameter that the ids asked for do not accept; answered with 400.
	 */
	public static final class BadShardParameterException extends IllegalArgumentException {

		private static final long serialVersionUID = 1L;

		private final String parameter;

		BadShardParameterException(String parameter, String message) {
			super(message);
			this.parameter = parameter;
		}

		/**
		 * Returns the parameter at fault.
		 * @return {@code shard} or {@code key}
		 */
		public String getParameter() {
			return this.parameter;
		}

	}

}
