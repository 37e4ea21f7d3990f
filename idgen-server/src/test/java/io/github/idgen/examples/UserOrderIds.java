package io.github.idgen.examples;

import java.util.Collection;

import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.IdGenerators;

/** docs/layouts.md's and docs/sharded-ids.md's example of a generator with shard bits. */
final class UserOrderIds {

	private UserOrderIds() {
	}

	static int use(IdGenerators generators, long userId) {
		// tag::use[]
		ShardedIdService orders = generators.sharded("orders");             // generators: the IdGenerators bean
		long id = orders.nextId(Shards.ofNumber(userId, orders.shardBits())); // a number key: floorMod
		long byName = orders.nextId("alice@example.com");  // a text key: CRC-32 of its UTF-8 bytes
		Collection<Long> batch = orders.nextIds(3, 100);   // 100 ids of shard 3
		int shard = orders.shardOf(id);                    // id mod 2^shard-bits
		// end::use[]
		return shard + orders.shardOf(byName) + batch.size();
	}

}
