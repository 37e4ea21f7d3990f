package io.github.idgen.shard;

import io.github.idgen.shard.ShardParameters.BadShardParameterException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link ShardParameters}: the one reading of {@code ?shard=} and {@code ?key=} behind every
 * endpoint that serves ids.
 */
class ShardParametersTests {

	private static final String WHAT = "generator 'orders'";

	@Test
	void aShardInRangeIsTheShard() {
		assertThat(ShardParameters.shard("0", null, 4, WHAT)).isZero();
		assertThat(ShardParameters.shard("15", null, 4, WHAT)).isEqualTo(15);
	}

	@Test
	void aKeyIsTheCrc32OfItsUtf8BytesModuloTheShards() {
		assertThat(ShardParameters.shard(null, "alice", 4, WHAT)).isEqualTo(Shards.ofKey("alice", 4)).isEqualTo(7);
	}

	@Test
	void idsWithoutShardBitsTakeNeitherParameter() {
		assertThat(ShardParameters.shard(null, null, 0, WHAT)).isNull();
		assertBad("0", null, 0, "shard", "The ids of generator 'orders' carry no shard, so leave out ?shard=");
		assertBad(null, "alice", 0, "key", "The ids of generator 'orders' carry no shard, so leave out ?key=");
	}

	@Test
	void idsWithShardBitsNeedOneParameterNotTwo() {
		assertBad(null, null, 4, "shard", "The ids of generator 'orders' carry a shard: give ?shard= (0 to 15) or ?key=");
		assertBad("1", "alice", 4, "shard", "Give ?shard= or ?key=, not both");
	}

	@Test
	void aShardOutOfRangeOrNoNumberIsNamedWithTheRange() {
		for (String shard : new String[] { "16", "-1", "x", "", "99999", "1.0" }) {
			assertBad(shard, null, 4, "shard", "shard must be an integer from 0 to 15, was '" + shard + "'");
		}
	}

	private static void assertBad(String shard, String key, int shardBits, String parameter, String message) {
		assertThatExceptionOfType(BadShardParameterException.class)
			.isThrownBy(() -> ShardParameters.shard(shard, key, shardBits, WHAT))
			.withMessageStartingWith(message)
			.satisfies((ex) -> assertThat(ex.getParameter()).isEqualTo(parameter));
	}

}
