package io.github.idgen.shard;

import java.util.Collection;

import io.github.idgen.snowflake.IdService;

/**
 * An {@link IdService} whose ids carry a shard in their lowest {@link #shardBits()} bits: an id issued
 * for shard {@code s} has {@code id mod 2^shardBits == s}, so a table split over {@code n} databases
 * ({@code n} dividing {@code 2^shardBits}) finds a row by {@code id mod n} alone. Ids of one service
 * still strictly increase, whatever shards they carry (the shard sits below the sequence).
 * <p>
 * A service with shard bits needs a shard for every id: its {@link #nextId()} and {@link #nextIds(int)}
 * throw {@link ShardRequiredException}.
 */
public interface ShardedIdService extends IdService {

	/**
	 * Returns the next id, carrying a shard.
	 * @param shard 0 to {@code 2^shardBits() - 1}; for a numeric key, {@link Shards#ofNumber(long, int)}
	 * @return a positive id, greater than every id this service returned before, {@code id mod
	 * 2^shardBits() == shard}
	 * @throws IllegalArgumentException naming {@code shard} and its range if it is out of range
	 */
	long nextId(int shard);

	/**
	 * Returns the next id, carrying the shard of a text key: the CRC-32 of its UTF-8 bytes, mod
	 * {@code 2^shardBits()} (see {@link Shards#ofKey(String, int)}).
	 * @param key the key, such as a user's name
	 * @return a positive id, greater than every id this service returned before
	 * @throws IllegalArgumentException naming this service if its ids carry no shard
	 */
	default long nextId(String key) {
		int shardBits = shardBits();
		if (shardBits == 0) {
			throw new IllegalArgumentException("key must not be given: the ids of " + this
					+ " carry no shard (its shardBits() is 0), so call nextId() or nextIds(count)");
		}
		return nextId(Shards.ofKey(key, shardBits));
	}

	/**
	 * Returns {@code count} ids in increasing order, all carrying one shard.
	 * @param shard 0 to {@code 2^shardBits() - 1}
	 * @param count how many ids, from 1 to {@link #MAX_BATCH_SIZE}
	 * @return the ids, unmodifiable
	 * @throws IllegalArgumentException naming the argument that is out of range
	 */
	Collection<Long> nextIds(int shard, int count);

	/**
	 * Returns the shard an id carries.
	 * @param id an id of this service
	 * @return {@code id mod 2^shardBits()}
	 */
	default int shardOf(long id) {
		return (int) (id & ((1L << shardBits()) - 1));
	}

	/**
	 * Returns how many of the lowest bits of an id are its shard.
	 * @return 0 (ids carry no shard) to {@link Shards#MAX_SHARD_BITS}
	 */
	int shardBits();

}
