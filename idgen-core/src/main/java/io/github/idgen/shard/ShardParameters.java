package io.github.idgen.shard;

import org.jspecify.annotations.Nullable;

/**
 * Reads the shard of an HTTP request's {@code ?shard=} and {@code ?key=} parameters, with the same rules
 * and messages wherever ids are served over HTTP (idgen-server, an application's own endpoints): a
 * shard in range or a text key for ids that carry a shard, neither for ids that carry none.
 */
public final class ShardParameters {

	private ShardParameters() {
	}

	/**
	 * Reads the shard a request asks for.
	 * @param shard the {@code shard} parameter (decimal digits), null if missing
	 * @param key the {@code key} parameter (always text), null if missing
	 * @param shardBits the shard bits of the ids, 0 for ids without a shard
	 * @param what what issues the ids, for the messages, such as {@code "generator 'orders'"}
	 * @return the shard, or null for ids that carry none
	 * @throws BadShardParameterException a shard out of range or no number, both parameters, neither
	 * where the ids carry a shard, or either where they carry none
	 */
	public static @Nullable Integer shard(@Nullable String shard, @Nullable String key, int shardBits, String what) {
		if (shardBits == 0) {
			if (shard != null || key != null) {
				String name = (shard != null) ? "shard" : "key";
				throw new BadShardParameterException(name,
						"The ids of " + what + " carry no shard, so leave out ?" + name + "=");
			}
			return null;
		}
		if (shard != null && key != null) {
			throw new BadShardParameterException("shard",
					"Give ?shard= or ?key=, not both: the shard of the ids of " + what + " is one or the other");
		}
		if (key != null) {
			return Shards.ofKey(key, shardBits);
		}
		int highest = (1 << shardBits) - 1;
		if (shard == null) {
			throw new BadShardParameterException("shard", "The ids of " + what + " carry a shard: give ?shard= (0 to "
					+ highest + ") or ?key= (a text whose CRC-32 picks the shard)");
		}
		if (!shard.matches("[0-9]{1,4}") || Integer.parseInt(shard) > highest) {
			throw new BadShardParameterException("shard",
					"shard must be an integer from 0 to " + highest + ", was '" + shard + "'");
		}
		return Integer.parseInt(shard);
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
