package io.github.idgen.examples;

import io.github.idgen.segment.SegmentIdService;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.shard.Shards;

/** docs/segments.md's example of a composed tag. */
final class OrderLineIds {

	private OrderLineIds() {
	}

	static int use(SegmentIdServices segments, long userId) {
		// tag::use[]
		SegmentIdService lines = segments.forTag("order-lines");      // a ShardedIdService
		long id = lines.nextId(Shards.ofNumber(userId, lines.shardBits())); // a numeric key: userId mod 2^bits
		long other = lines.nextId("alice");                               // a text key: CRC-32 of its UTF-8 bytes
		int shard = lines.shardOf(id);                                    // id mod 2^shard_bits
		// end::use[]
		return shard + lines.shardOf(other);
	}

}
