package io.github.idgen.redis;

import java.time.Duration;
import java.util.SplittableRandom;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentCompositionChangedException;
import io.github.idgen.segment.SegmentIdService;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentTagExhaustedException;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.github.idgen.redis.RedisSegmentStoreTests.key;
import static io.github.idgen.redis.RedisSegmentStoreTests.uniqueTag;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tags whose Redis hash carries {@code business_id}, {@code business_bits} and {@code shard_bits}, on a
 * real redis-server: composed ranges cut where Java cuts them (the script's arithmetic is exact up to
 * the largest long), bad compositions named, and a composition changed between two ranges refused.
 * A hash without the fields is a plain tag: the other Redis segment tests use only such hashes.
 */
class RedisComposedTagTests {

	private final RedisServer server = RedisServer.shared();

	private RedisConnector connector;

	private RedisSegmentStore store;

	@BeforeEach
	void start() {
		this.connector = RedisConnector.create(this.server.uri());
		this.store = RedisSegmentStore.builder(this.connector).build();
		this.store.start();
	}

	@AfterEach
	void stop() {
		this.store.close();
		this.connector.close();
	}

	private String composedTag(long maxId, int step, long maxLimitId, SegmentComposition composition) {
		String tag = uniqueTag();
		this.server.cli("HSET", key(tag), "max_id", Long.toString(maxId), "step", Integer.toString(step), "max_limit_id",
				Long.toString(maxLimitId), "business_id", Long.toString(composition.businessId()), "business_bits",
				Integer.toString(composition.businessBits()), "shard_bits", Integer.toString(composition.shardBits()));
		return tag;
	}

	@Test
	void aComposedTagsRangesCarryItsCompositionAndStopAtTheSequenceLimit() {
		SegmentComposition composition = new SegmentComposition(3, 4, 2);
		long maxLimitId = (7L << 6) | 3 << 2 | 3;
		String tag = composedTag(0, 4, maxLimitId + 2, composition);
		assertThat(this.store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 1, 4, 4, maxLimitId + 2, composition));
		assertThat(this.store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 5, 7, 4, maxLimitId + 2, composition));
		assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> this.store.allocate(tag, 1));
		assertThat(this.server.cli("HGET", key(tag), "max_id")).isEqualTo("7");
	}

	@Test
	void theScriptCutsRangesExactlyWhereJavaDoesUpToTheLargestLong() {
		SplittableRandom random = new SplittableRandom(29);
		for (int i = 0; i < 200; i++) {
			int shardBits = random.nextInt(11);
			int businessBits = random.nextInt(SegmentComposition.MAX_BITS - shardBits + 1);
			SegmentComposition composition = new SegmentComposition(random.nextLong(1L << businessBits), businessBits,
					shardBits);
			long maxLimitId = (i % 2 == 0) ? Long.MAX_VALUE - random.nextLong(1L << 45) : random.nextLong(Long.MAX_VALUE);
			long sequenceLimit = composition.sequenceLimit(maxLimitId);
			if (sequenceLimit < 2) {
				continue;
			}
			long maxId = sequenceLimit - 1 - random.nextLong(Math.min(sequenceLimit - 1, 1000));
			String tag = composedTag(maxId, 1_000_000, maxLimitId, composition);
			SegmentRange range = this.store.allocate(tag, 1);
			assertThat(range).as("%s, max_limit_id %d", composition, maxLimitId)
				.isEqualTo(new SegmentRange(tag, maxId + 1, sequenceLimit, 1_000_000, maxLimitId, composition));
			assertThat(composition.compose(range.lastId(), (1 << shardBits) - 1)).isLessThanOrEqualTo(maxLimitId);
		}
	}

	@Test
	void aBadCompositionIsNamedWithItsFieldValueAndRule() {
		assertBad(composedTag(0, 10, Long.MAX_VALUE, SegmentComposition.PLAIN), "shard_bits", "11",
				"has shard_bits 11, but shard_bits must be from 0 to 10; nothing was written");
		assertBad(composedTag(0, 10, Long.MAX_VALUE, SegmentComposition.PLAIN), "business_bits", "41",
				"has business_bits 41, but business_bits must be from 0 to 40");
		String tag = composedTag(0, 10, Long.MAX_VALUE, new SegmentComposition(0, 4, 0));
		assertBad(tag, "business_id", "16", "has business_id 16, but business_id must be from 0 to 15");
		assertBad(tag, "business_id", "-1", "has business_id '-1'");
		assertThat(this.server.cli("HGET", key(tag), "max_id")).isEqualTo("0");
	}

	private void assertBad(String tag, String field, String value, String problem) {
		this.server.cli("HSET", key(tag), field, value);
		assertThatIllegalStateException().isThrownBy(() -> this.store.allocate(tag, 1))
			.withMessageContaining("Segment tag '" + tag + "' at " + key(tag))
			.withMessageContaining(problem);
	}

	@Test
	void aCompositionChangedBetweenTwoRangesIsRefused() {
		String tag = composedTag(0, 5, Long.MAX_VALUE, new SegmentComposition(1, 2, 1));
		SegmentSettings settings = SegmentSettings.DEFAULTS.withMaxStep(5).withMaxWait(Duration.ofSeconds(5));
		try (SegmentIdServices services = new SegmentIdServices(this.store, settings)) {
			SegmentIdService service = services.forTag(tag);
			assertThat(service.nextId(1)).isEqualTo(1L << 3 | 1 << 1 | 1);
			this.server.cli("HSET", key(tag), "shard_bits", "0");
			assertThatExceptionOfType(SegmentCompositionChangedException.class).isThrownBy(() -> {
				for (int i = 0; i < 20; i++) {
					service.nextId(1);
				}
			})
				.withMessageContaining("from (business_id 1, business_bits 2, shard_bits 1) to (business_id 1,"
						+ " business_bits 2, shard_bits 0)");
		}
	}

}
