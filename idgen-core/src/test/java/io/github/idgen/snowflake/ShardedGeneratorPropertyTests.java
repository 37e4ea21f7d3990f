package io.github.idgen.snowflake;

import java.time.Instant;
import java.util.List;

import io.github.idgen.shard.Shards;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Properties of {@link ShardedGenerator} on random valid layouts with 1 to 10 shard bits (taken off the
 * sequence as a preset's are, or added to the sum), random node ids, and random runs of shards and
 * text keys: every id carries its shard in its lowest bits ({@code id mod 2^g == shard}), gives it
 * back through {@code shardOf} and {@code decompose}, is greater than the one before, and
 * {@code compose} of its fields gives it back.
 */
class ShardedGeneratorPropertyTests {

	@Property(tries = 300)
	void idsCarryTheirShardIncreaseAndComposeBackFromTheirFields(@ForAll("layouts") SnowflakeLayout layout,
			@ForAll("requests") List<Object> requests) {
		FakeClock clock = new FakeClock(LayoutArbitraries.NOW).advanceEvery(7, 1);
		int datacenterId = Math.floorMod(requests.hashCode(), layout.maxDatacenterId() + 1);
		int workerId = layout.maxWorkerId();
		IdServiceTwitter plain = IdServiceTwitter.builder()
			.layout(ShardedGenerator.plainLayout(layout))
			.datacenterId(datacenterId)
			.workerId(workerId)
			.clock(clock)
			.build();
		ShardedGenerator generator = new ShardedGenerator("orders", plain, layout);
		int g = layout.shardBits();
		long last = -1;
		for (Object request : requests) {
			int shard = (request instanceof String key) ? Shards.ofKey(key, g) : Math.floorMod((Integer) request, 1 << g);
			long id = (request instanceof String key) ? generator.nextId(key) : generator.nextId(shard);
			if (id <= last) {
				fail("id %d is not greater than the one before, %d", id, last);
			}
			assertThat(Math.floorMod(id, 1L << g)).isEqualTo(shard);
			assertThat(generator.shardOf(id)).isEqualTo(shard);
			SnowflakeId parts = layout.decompose(id);
			assertThat(parts.shard()).isEqualTo(shard);
			assertThat(parts.datacenterId()).isEqualTo(datacenterId);
			assertThat(parts.workerId()).isEqualTo(workerId);
			assertThat(layout.compose(parts.timestamp(), parts.datacenterId(), parts.workerId(), parts.sequence(),
					parts.shard()))
				.isEqualTo(id);
			// the millisecond a lease compares is the plain id's
			assertThat(layout.timestampMillis(id)).isEqualTo(plain.getLayout().timestampMillis(plain.lastIssuedId()));
			last = id;
		}
	}

	@Property(tries = 300)
	void decomposeUndoesComposeWithAShard(@ForAll("layouts") SnowflakeLayout layout, @ForAll long seed) {
		long unit = Math.floorMod(seed, layout.maxTimestamp() + 1);
		Instant timestamp = Instant.ofEpochMilli(layout.epochMillis() + unit * layout.timeUnitMillis());
		int datacenterId = (int) Math.floorMod(seed >>> 7, layout.maxDatacenterId() + 1L);
		int workerId = (int) Math.floorMod(seed >>> 17, layout.maxWorkerId() + 1L);
		int sequence = (int) Math.floorMod(seed >>> 29, layout.maxSequence() + 1L);
		int shard = (int) Math.floorMod(seed >>> 41, layout.maxShard() + 1L);

		long id = layout.compose(timestamp, datacenterId, workerId, sequence, shard);

		assertThat(id).isBetween(0L, layout.maxId());
		assertThat(layout.decompose(id))
			.isEqualTo(new SnowflakeId(id, timestamp, datacenterId, workerId, sequence, shard));
	}

	/** Random layouts with shard bits: from the sequence where it keeps a bit, else added to the sum. */
	@Provide
	Arbitrary<SnowflakeLayout> layouts() {
		return Combinators.combine(LayoutArbitraries.layouts(16), Arbitraries.integers().between(1, Shards.MAX_SHARD_BITS))
			.as((layout, g) -> {
				if (layout.sequenceBits() > g) {
					return layout.toBuilder().sequenceBits(layout.sequenceBits() - g).shardBits(g).build();
				}
				int total = layout.timestampBits() + layout.timestampShift();
				return (total + g <= 63) ? layout.toBuilder().shardBits(g).build() : null;
			})
			.filter((layout) -> layout != null);
	}

	/** Shards (any int, taken mod 2^g) and text keys, ASCII and not. */
	@Provide
	Arbitrary<List<Object>> requests() {
		Arbitrary<Object> shards = Arbitraries.integers().map((shard) -> shard);
		Arbitrary<Object> keys = Arbitraries.strings().ofMaxLength(20).map((key) -> key);
		return Arbitraries.oneOf(shards, keys).list().ofMinSize(1).ofMaxSize(3000);
	}

}
