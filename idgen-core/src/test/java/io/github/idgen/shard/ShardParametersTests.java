package io.github.idgen.shard;

import io.github.idgen.shard.ShardParameters.BadShardParameterException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link ShardParameters}: the one reading of {@code ?shard=} and {@code ?key=} behind every
 * endpoint that serves ids, given the values as the request has them (a parameter may be repeated).
 */
class ShardParametersTests {

	private static final String WHAT = "generator 'orders'";

	@Test
	void aShardInRangeIsTheShard() {
		assertThat(ShardParameters.shard(values("0"), null, 4, WHAT)).isZero();
		assertThat(ShardParameters.shard(values("15"), null, 4, WHAT)).isEqualTo(15);
	}

	@Test
	void aKeyIsTheCrc32OfItsUtf8BytesModuloTheShards() {
		assertThat(ShardParameters.shard(null, values("alice"), 4, WHAT)).isEqualTo(Shards.ofKey("alice", 4))
			.isEqualTo(7);
	}

	@Test
	void aKeyWithACommaIsOneKey() {
		assertThat(ShardParameters.shard(null, values("alice,bob"), 4, WHAT)).isEqualTo(Shards.ofKey("alice,bob", 4));
	}

	@Test
	void idsWithoutShardBitsTakeNeitherParameter() {
		assertThat(ShardParameters.shard(null, null, 0, WHAT)).isNull();
		assertBad(values("0"), null, 0, "shard", "The ids of generator 'orders' carry no shard, so leave out ?shard=");
		assertBad(null, values("alice"), 0, "key", "The ids of generator 'orders' carry no shard, so leave out ?key=");
	}

	@Test
	void idsWithShardBitsNeedOneParameterNotTwo() {
		assertBad(null, null, 4, "shard", "The ids of generator 'orders' carry a shard: give ?shard= (0 to 15) or ?key=");
		assertBad(values("1"), values("alice"), 4, "shard", "Give ?shard= or ?key=, not both");
	}

	@Test
	void aShardOutOfRangeOrNoNumberIsNamedWithTheRange() {
		for (String shard : new String[] { "16", "-1", "x", "", "99999", "1.0", "1,2" }) {
			assertBad(values(shard), null, 4, "shard", "shard must be an integer from 0 to 15, was '" + shard + "'");
		}
	}

	@Test
	void aRepeatedParameterIsRefusedNamingIt() {
		assertBad(null, values("alice", "bob"), 4, "key", "Give ?key= once, the request has it 2 times");
		assertBad(values("1", "1"), null, 4, "shard", "Give ?shard= once, the request has it 2 times");
		assertBad(values("1", "2", "3"), null, 4, "shard", "Give ?shard= once, the request has it 3 times");
		assertBad(values("1", "2"), null, 0, "shard", "The ids of generator 'orders' carry no shard, so leave out ?shard=");
	}

	@Test
	void anEmptyKeyIsRefused() {
		assertBad(null, values(""), 4, "key", "key must not be empty: its CRC-32 picks the shard of the ids of "
				+ "generator 'orders'");
	}

	@Test
	void whereNoShardAppliesEitherParameterIsRefusedWithTheReason() {
		ShardParameters.none(null, null, "Business numbers carry no shard");
		assertThatExceptionOfType(BadShardParameterException.class)
			.isThrownBy(() -> ShardParameters.none(null, values("a"), "Business numbers carry no shard"))
			.withMessage("Business numbers carry no shard, so leave out ?key=")
			.satisfies((ex) -> assertThat(ex.getParameter()).isEqualTo("key"));
		assertThatExceptionOfType(BadShardParameterException.class)
			.isThrownBy(() -> ShardParameters.none(values(""), null, "Business numbers carry no shard"))
			.withMessage("Business numbers carry no shard, so leave out ?shard=")
			.satisfies((ex) -> assertThat(ex.getParameter()).isEqualTo("shard"));
	}

	private static String[] values(String... values) {
		return values;
	}

	private static void assertBad(String[] shard, String[] key, int shardBits, String parameter, String message) {
		assertThatExceptionOfType(BadShardParameterException.class)
			.isThrownBy(() -> ShardParameters.shard(shard, key, shardBits, WHAT))
			.withMessageStartingWith(message)
			.satisfies((ex) -> assertThat(ex.getParameter()).isEqualTo(parameter));
	}

}
