package io.github.idgen.snowflake;

import java.time.Instant;
import java.util.List;

import io.github.idgen.shard.ShardRequiredException;
import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.shard.Shards;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link ShardedGenerator}: Snowflake ids with a shard in their lowest bits, from a plain generator of
 * the layout without shard bits.
 */
class ShardedGeneratorTests {

	/** Twitter's layout with 4 of its 12 sequence bits given to the shard, as a preset with shard bits is. */
	private static final SnowflakeLayout SHARDED = SnowflakeLayout.builder().sequenceBits(8).shardBits(4).build();

	private final FakeClock clock = new FakeClock(LayoutArbitraries.NOW);

	@Test
	void anIdCarriesItsShardInItsLowestBitsAndTheFieldsAbove() {
		ShardedGenerator orders = generator(SHARDED, 3, 7);

		long id = orders.nextId(13);

		assertThat(id & 15).isEqualTo(13);
		assertThat(orders.shardOf(id)).isEqualTo(13);
		assertThat(SHARDED.decompose(id)).isEqualTo(new SnowflakeId(id,
				Instant.ofEpochMilli(SHARDED.unitStartMillis(LayoutArbitraries.NOW)), 3, 7, 0, 13));
	}

	@Test
	void idsStrictlyIncreaseWhateverShardsAreAsked() {
		ShardedGenerator orders = generator(SHARDED, 0, 1);
		long last = orders.nextId(15);
		for (int shard : new int[] { 0, 15, 1, 14, 0, 0, 7 }) {
			long id = orders.nextId(shard);
			assertThat(id).isGreaterThan(last);
			last = id;
		}
	}

	@Test
	void aBatchCarriesOneShardAndIncreases() {
		ShardedGenerator orders = generator(SHARDED, 0, 1);
		long before = orders.nextId(2);
		// 600 ids need three units of 256
		this.clock.advanceEvery(1);

		List<Long> ids = orders.nextIds(9, 600);

		assertThat(ids).hasSize(600).isSorted().doesNotHaveDuplicates().allSatisfy((id) -> {
			assertThat(id).isGreaterThan(before);
			assertThat(orders.shardOf(id)).isEqualTo(9);
		});
	}

	@Test
	void aTextKeyGivesTheShardOfItsCrc32() {
		ShardedGenerator orders = generator(SHARDED, 0, 1);

		long id = orders.nextId("alice@example.com");

		assertThat(orders.shardOf(id)).isEqualTo(Shards.ofKey("alice@example.com", 4));
	}

	@Test
	void anIdWithoutAShardIsRefusedNamingTheGenerator() {
		ShardedGenerator orders = generator(SHARDED, 0, 1);

		assertThatExceptionOfType(ShardRequiredException.class).isThrownBy(orders::nextId)
			.withMessageContaining("generator 'orders'")
			.withMessageContaining("shard 0 to 15")
			.satisfies((ex) -> assertThat(ex.getName()).isEqualTo("orders"));
		assertThatExceptionOfType(ShardRequiredException.class).isThrownBy(() -> orders.nextIds(3))
			.withMessageContaining("generator 'orders'");
	}

	@Test
	void aShardOutOfRangeIsRefusedAndIssuesNothing() {
		ShardedGenerator orders = generator(SHARDED, 0, 1);

		assertThatIllegalArgumentException().isThrownBy(() -> orders.nextId(16))
			.withMessage("shard must be from 0 to 15 (4 shard bits), was 16");
		assertThatIllegalArgumentException().isThrownBy(() -> orders.nextId(-1)).withMessageContaining("was -1");
		assertThatIllegalArgumentException().isThrownBy(() -> orders.nextIds(16, 2)).withMessageContaining("was 16");
		assertThat(orders.issuedIds()).isZero();
	}

	@Test
	void theTimestampALeaseComparesIsThePlainIdsTimestamp() {
		IdServiceTwitter plain = plain(SHARDED, 0, 1);
		ShardedGenerator orders = new ShardedGenerator("orders", plain, SHARDED);

		long id = orders.nextId(5);

		assertThat(SHARDED.timestampMillis(id)).isEqualTo(plain.getLayout().timestampMillis(plain.lastIssuedId()))
			.isEqualTo(SHARDED.unitStartMillis(LayoutArbitraries.NOW));
	}

	@Test
	void aPlainGeneratorRefusesALayoutWithShardBits() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> IdServiceTwitter.builder().layout(SHARDED).clock(this.clock).build())
			.withMessageContaining("4 shard bits")
			.withMessageContaining("ShardedGenerator");
	}

	@Test
	void theRegistryHandsOutAShardedGeneratorAndRefusesAPlainOneAsSharded() {
		ShardedGenerator orders = generator(SHARDED, 0, 1);
		IdGenerators generators = IdGenerators.builder()
			.add("orders", orders)
			.add("users", plain(SnowflakeLayout.TWITTER, 0, 1))
			.build();

		ShardedIdService sharded = generators.sharded("orders");

		assertThat(sharded).isSameAs(orders).isSameAs(generators.get("orders"));
		assertThat(sharded.shardBits()).isEqualTo(4);
		assertThat(generators.layout("orders")).isEqualTo(SHARDED);
		assertThatIllegalArgumentException().isThrownBy(() -> generators.sharded("users"))
			.withMessageContaining("Generator 'users' issues ids without a shard")
			.withMessageContaining("xxx.common.generators.users.shard-bits");
		assertThatExceptionOfType(UnknownGeneratorException.class).isThrownBy(() -> generators.sharded("nope"));
	}

	@Test
	void theStatisticsAreThePlainGenerators() {
		ShardedGenerator orders = generator(SHARDED, 0, 1);
		orders.nextId(1);
		orders.nextIds(2, 10);

		assertThat(orders.issuedIds()).isEqualTo(11);
	}

	@Test
	void aLayoutWithoutShardBitsIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new ShardedGenerator("orders", plain(SnowflakeLayout.TWITTER, 0, 0), SnowflakeLayout.TWITTER))
			.withMessageContaining("layout of generator 'orders' must have shard bits (1 to 10), has none")
			.withMessageContaining("xxx.common.generators.orders.shard-bits");
	}

	private ShardedGenerator generator(SnowflakeLayout layout, int datacenterId, int workerId) {
		return new ShardedGenerator("orders", plain(layout, datacenterId, workerId), layout);
	}

	private IdServiceTwitter plain(SnowflakeLayout layout, int datacenterId, int workerId) {
		return IdServiceTwitter.builder()
			.layout(ShardedGenerator.plainLayout(layout))
			.datacenterId(datacenterId)
			.workerId(workerId)
			.clock(this.clock)
			.build();
	}

}
