package io.github.idgen.shardingsphere;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import io.github.idgen.shard.ShardRequiredException;
import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;

/**
 * Shard-carrying ids made as the contract defines them, {@code snowflake << shardBits | shard}, over an
 * {@link IdServiceTwitter} whose epoch is a day ago so that the shifted ids stay positive.
 */
final class ShiftedShardedIdService implements ShardedIdService {

	private final IdService inner = IdServiceTwitter.builder()
		.workerId(1)
		.datacenterId(1)
		.epoch(Instant.now().truncatedTo(ChronoUnit.DAYS).minus(1, ChronoUnit.DAYS))
		.build();

	private final int shardBits;

	ShiftedShardedIdService(int shardBits) {
		this.shardBits = shardBits;
	}

	@Override
	public long nextId(int shard) {
		Shards.checkShard(shard, this.shardBits);
		return this.inner.nextId() << this.shardBits | shard;
	}

	@Override
	public Collection<Long> nextIds(int shard, int count) {
		List<Long> ids = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			ids.add(nextId(shard));
		}
		return ids;
	}

	@Override
	public int shardBits() {
		return this.shardBits;
	}

	@Override
	public long nextId() {
		throw new ShardRequiredException("generator 'orders'", "orders", this.shardBits);
	}

	@Override
	public Collection<Long> nextIds(int num) {
		throw new ShardRequiredException("generator 'orders'", "orders", this.shardBits);
	}

}
