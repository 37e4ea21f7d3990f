package io.github.idgen.shard;

import java.util.Collection;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * What {@link ShardedIdService} gives every implementation: the shard of a text key, and a clear
 * refusal of a key where the ids carry no shard.
 */
class ShardedIdServiceTests {

	@Test
	void aKeyGivesTheShardOfItsCrc32() {
		assertThat(new Service(4).nextId("alice")).isEqualTo(Shards.ofKey("alice", 4));
	}

	@Test
	void aKeyIsRefusedNamingTheServiceWhoseIdsCarryNoShard() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Service(0).nextId("alice"))
			.withMessage("key must not be given: the ids of generator 'plain' carry no shard (its shardBits() is 0),"
					+ " so call nextId() or nextIds(count)");
	}

	/** Ids that are their shard, for the default methods to work on. */
	private record Service(int shardBits) implements ShardedIdService {

		@Override
		public long nextId(int shard) {
			return shard;
		}

		@Override
		public Collection<Long> nextIds(int shard, int count) {
			return List.of((long) shard);
		}

		@Override
		public long nextId() {
			return 0;
		}

		@Override
		public Collection<Long> nextIds(int num) {
			return List.of(0L);
		}

		@Override
		public String toString() {
			return "generator 'plain'";
		}

	}

}
