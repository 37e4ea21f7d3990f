package io.github.idgen.shard;

/**
 * Thrown when an id is asked for without a shard from a generator or tag whose ids carry one.
 */
public class ShardRequiredException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String name;

	/**
	 * Creates an exception.
	 * @param what what issues the ids and its name, such as {@code "generator 'orders'"} or
	 * {@code "segment tag 'orders'"}
	 * @param name the generator's or tag's name
	 * @param shardBits its shard bits
	 */
	public ShardRequiredException(String what, String name, int shardBits) {
		super("The ids of " + what + " carry a shard in their lowest " + shardBits
				+ " bits, so each needs one: call nextId(shard) or nextId(key) of its ShardedIdService"
				+ " (shard 0 to " + ((1 << shardBits) - 1) + ")");
		this.name = name;
	}

	/**
	 * Returns the name of the generator or tag.
	 * @return the name
	 */
	public String getName() {
		return this.name;
	}

}
