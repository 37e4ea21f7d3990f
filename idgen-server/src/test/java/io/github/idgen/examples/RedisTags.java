package io.github.idgen.examples;

import io.github.idgen.redis.RedisSegmentStore;

/** docs/redis.md's example. */
final class RedisTags {

	private RedisTags() {
	}

	static void create(RedisSegmentStore redisSegmentStore) {
		// tag::create[]
		redisSegmentStore.createTag("invoices", 1000, "invoice numbers");          // ids from 1
		redisSegmentStore.createTag("legacy", 500_000, 1000, 4_294_967_295L, null); // after id 500000, at most 2^32 - 1
		// end::create[]
	}

}
