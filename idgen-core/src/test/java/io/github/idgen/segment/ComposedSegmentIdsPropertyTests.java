package io.github.idgen.segment;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

import io.github.idgen.shard.ShardedIdService;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties of random segment compositions: ids of two business ids never meet, none passes
 * {@code max_limit_id}, each carries the shard asked for, and a tag's ids strictly increase.
 */
class ComposedSegmentIdsPropertyTests {

	static final SegmentSettings SETTINGS = SegmentSettings.DEFAULTS.withMaxStep(50)
		.withMaxWait(Duration.ofSeconds(2));

	@Property(tries = 200)
	void idsOfTwoBusinessIdsNeverMeetNorPassTheLimitAndCarryTheirShard(@ForAll("cases") Case sample) {
		SegmentComposition first = new SegmentComposition(sample.firstBusinessId(), sample.businessBits(),
				sample.shardBits());
		SegmentComposition second = new SegmentComposition(sample.secondBusinessId(), sample.businessBits(),
				sample.shardBits());
		ComposingStore store = new ComposingStore(sample.step(), sample.maxLimitId()).tag("a", first).tag("b", second);
		Set<Long> seen = new HashSet<>();
		try (SegmentIdServices services = new SegmentIdServices(store, SETTINGS)) {
			for (String tag : new String[] { "a", "b" }) {
				SegmentComposition composition = tag.equals("a") ? first : second;
				ShardedIdService service;
				try {
					service = services.forTag(tag);
				}
				catch (SegmentTagExhaustedException ex) {
					assertThat(composition.compose(1, (1 << sample.shardBits()) - 1)).isGreaterThan(sample.maxLimitId());
					continue;
				}
				long previous = 0;
				int shards = 1 << sample.shardBits();
				for (int i = 0; i < sample.count(); i++) {
					int shard = (int) ((i * 2654435761L) % shards);
					long id;
					try {
						id = (sample.shardBits() > 0) ? service.nextId(shard) : service.nextId();
					}
					catch (SegmentTagExhaustedException ex) {
						// every sequence below the limit was issued: the next one's highest id passes it
						long sequence = composition.sequenceOf(previous);
						assertThat(composition.compose(sequence + 1, shards - 1)).isGreaterThan(sample.maxLimitId());
						break;
					}
					assertThat(id).isGreaterThan(previous).isLessThanOrEqualTo(sample.maxLimitId()).isPositive();
					assertThat(service.shardOf(id)).isEqualTo(shard);
					assertThat(seen.add(id)).as("id %d issued twice", id).isTrue();
					previous = id;
				}
			}
		}
	}

	@Provide
	Arbitrary<Case> cases() {
		return Combinators
			.combine(Arbitraries.integers().between(0, 10), Arbitraries.integers().between(1, 30),
					Arbitraries.integers().between(1, 200), Arbitraries.integers().between(1, 400),
					Arbitraries.longs().between(0, Long.MAX_VALUE), Arbitraries.longs().between(0, Long.MAX_VALUE),
					Arbitraries.longs().between(0, Long.MAX_VALUE))
			.as((shardBits, businessBits, step, count, a, b, limit) -> {
				long businesses = 1L << businessBits;
				long firstId = Math.floorMod(a, businesses);
				long secondId = Math.floorMod(firstId + 1 + Math.floorMod(b, businesses - 1), businesses);
				// limits near the tag's first ids as often as far away
				long maxLimitId = ((limit & 1) == 0) ? limit
						: (Math.floorMod(limit, 300L) << (businessBits + shardBits)) + Math.floorMod(limit >>> 9, 1L << (businessBits + shardBits));
				return new Case(shardBits, businessBits, firstId, secondId, step, count, maxLimitId);
			})
			.filter((sample) -> sample.shardBits() + sample.businessBits() <= SegmentComposition.MAX_BITS);
	}

	record Case(int shardBits, int businessBits, long firstBusinessId, long secondBusinessId, int step, int count,
			long maxLimitId) {
	}

}
