package io.github.idgen.shardingsphere;

import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.ShardedGenerator;
import io.github.idgen.snowflake.SnowflakeLayout;

/**
 * The shard-carrying ids of the tests: idgen's own {@link ShardedGenerator}, as a named generator with
 * {@code shard-bits} is, on the twitter layout whose sequence gives up the shard bits.
 */
final class ShardedOrderIds {

	private ShardedOrderIds() {
	}

	static ShardedGenerator generator(int shardBits) {
		SnowflakeLayout layout = SnowflakeLayout.TWITTER.toBuilder()
			.sequenceBits(SnowflakeLayout.TWITTER.sequenceBits() - shardBits)
			.shardBits(shardBits)
			.build();
		IdServiceTwitter plain = IdServiceTwitter.builder()
			.layout(ShardedGenerator.plainLayout(layout))
			.workerId(1)
			.datacenterId(1)
			.build();
		return new ShardedGenerator("orders", plain, layout);
	}

}
