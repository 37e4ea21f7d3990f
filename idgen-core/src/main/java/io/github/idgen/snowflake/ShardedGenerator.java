package io.github.idgen.snowflake;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

import io.github.idgen.shard.ShardRequiredException;
import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.shard.Shards;

/**
 * A Snowflake generator whose ids carry a shard in their lowest bits: {@code 0 | timestamp |
 * datacenter | worker | sequence | shard}. It issues the ids of a plain generator on the same layout
 * without shard bits (a fixed {@link IdServiceTwitter}, or one under a lease) and puts the shard
 * below each: the id is {@code plainId << shardBits | shard}. So its ids strictly increase whatever
 * shards are asked, and a lease checks the plain generator's ids against its high-water marks exactly
 * as it does for any generator (the timestamp of a shard-carrying id is
 * {@link SnowflakeLayout#timestampMillis(long)} of this generator's layout, the same millisecond).
 * <p>
 * Every id needs a shard: {@link #nextId()} and {@link #nextIds(int)} throw
 * {@link ShardRequiredException}.
 */
public final class ShardedGenerator implements ShardedIdService, GeneratorStatistics, AutoCloseable {

	private final String name;

	private final IdService plain;

	private final SnowflakeLayout layout;

	private final int shardBits;

	/**
	 * Creates a generator.
	 * @param name its name, for the message of {@link ShardRequiredException}
	 * @param plain the generator of the same layout without shard bits, whose ids this one shifts
	 * @param layout the layout of this generator's ids, with 1 to {@link Shards#MAX_SHARD_BITS} shard bits
	 * @throws IllegalArgumentException if the layout has no shard bits
	 */
	public ShardedGenerator(String name, IdService plain, SnowflakeLayout layout) {
		this.name = Objects.requireNonNull(name, "name must not be null");
		this.plain = Objects.requireNonNull(plain, "plain must not be null");
		this.layout = Objects.requireNonNull(layout, "layout must not be null");
		if (layout.shardBits() < 1) {
			throw new IllegalArgumentException("layout of generator '" + name + "' must have shard bits (1 to "
					+ Shards.MAX_SHARD_BITS + "), has none: " + layout + "; a generator whose ids carry no shard is the plain"
					+ " one itself, and one whose ids carry a shard has xxx.common.generators." + name + ".shard-bits");
		}
		this.shardBits = layout.shardBits();
	}

	/**
	 * Returns the layout a plain generator must have to serve this one: the same without shard bits.
	 * @param layout a layout with shard bits
	 * @return the layout with none
	 */
	public static SnowflakeLayout plainLayout(SnowflakeLayout layout) {
		return (layout.shardBits() == 0) ? layout : layout.toBuilder().shardBits(0).build();
	}

	@Override
	public long nextId(int shard) {
		if ((shard >>> this.shardBits) != 0) {
			Shards.checkShard(shard, this.shardBits);
		}
		return (this.plain.nextId() << this.shardBits) | shard;
	}

	@Override
	public List<Long> nextIds(int shard, int count) {
		Shards.checkShard(shard, this.shardBits);
		Collection<Long> plainIds = this.plain.nextIds(count);
		long[] ids = new long[plainIds.size()];
		int i = 0;
		for (long plainId : plainIds) {
			ids[i++] = (plainId << this.shardBits) | shard;
		}
		return new IdList(ids);
	}

	/**
	 * Refuses: every id of this generator needs a shard.
	 * @throws ShardRequiredException always
	 */
	@Override
	public long nextId() {
		throw shardRequired();
	}

	/**
	 * Refuses: every id of this generator needs a shard.
	 * @throws ShardRequiredException always
	 */
	@Override
	public List<Long> nextIds(int num) {
		throw shardRequired();
	}

	private ShardRequiredException shardRequired() {
		return new ShardRequiredException("generator '" + this.name + "'", this.name, this.shardBits);
	}

	@Override
	public int shardBits() {
		return this.shardBits;
	}

	/**
	 * Returns the layout of this generator's ids, to take them apart.
	 * @return the layout, with its shard bits
	 */
	public SnowflakeLayout getLayout() {
		return this.layout;
	}

	/**
	 * Returns the plain generator whose ids this one shifts.
	 * @return the generator, of {@link #plainLayout(SnowflakeLayout)}
	 */
	public IdService getPlain() {
		return this.plain;
	}

	@Override
	public long issuedIds() {
		return (this.plain instanceof GeneratorStatistics statistics) ? statistics.issuedIds() : 0;
	}

	@Override
	public long sequenceExhaustedWaits() {
		return (this.plain instanceof GeneratorStatistics statistics) ? statistics.sequenceExhaustedWaits() : 0;
	}

	@Override
	public long clockBackwardsWaits() {
		return (this.plain instanceof GeneratorStatistics statistics) ? statistics.clockBackwardsWaits() : 0;
	}

	@Override
	public long clockBackwardsFailures() {
		return (this.plain instanceof GeneratorStatistics statistics) ? statistics.clockBackwardsFailures() : 0;
	}

	/**
	 * Closes the plain generator if it needs it (one under a lease does).
	 * @throws Exception if closing it fails
	 */
	@Override
	public void close() throws Exception {
		if (this.plain instanceof AutoCloseable closeable) {
			closeable.close();
		}
	}

	@Override
	public String toString() {
		return "ShardedGenerator['" + this.name + "', " + this.layout + "]";
	}

}
