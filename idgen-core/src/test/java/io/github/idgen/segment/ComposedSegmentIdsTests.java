package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.idgen.shard.ShardRequiredException;
import io.github.idgen.shard.ShardedIdService;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Segment tags whose record carries a {@link SegmentComposition}: the ids their services compose, the
 * calls they refuse, and a composition that changes between two ranges.
 */
class ComposedSegmentIdsTests {

	static final SegmentSettings SETTINGS = SegmentSettings.DEFAULTS.withMaxStep(10)
		.withMaxWait(Duration.ofSeconds(2))
		.withRetryInterval(Duration.ofMillis(10));

	@Test
	void aTagWithBusinessBitsOnlyComposesItsIdsWithoutAShard() {
		ComposingStore store = new ComposingStore(10, Long.MAX_VALUE).tag("orders", new SegmentComposition(5, 4, 0));
		try (SegmentIdServices services = new SegmentIdServices(store, SETTINGS)) {
			ShardedIdService orders = services.forTag("orders");
			assertThat(orders.shardBits()).isZero();
			assertThat(orders.nextId()).isEqualTo(1L << 4 | 5);
			assertThat(orders.nextIds(2)).containsExactly(2L << 4 | 5, 3L << 4 | 5);
		}
	}

	@Test
	void aTagWithShardBitsRefusesIdsWithoutAShardNamingTheTag() {
		ComposingStore store = new ComposingStore(10, Long.MAX_VALUE).tag("orders", new SegmentComposition(1, 2, 3));
		try (SegmentIdServices services = new SegmentIdServices(store, SETTINGS)) {
			ShardedIdService orders = services.forTag("orders");
			assertThatExceptionOfType(ShardRequiredException.class).isThrownBy(orders::nextId)
				.withMessageContaining("segment tag 'orders'")
				.satisfies((ex) -> assertThat(ex.getName()).isEqualTo("orders"));
			assertThatExceptionOfType(ShardRequiredException.class).isThrownBy(() -> orders.nextIds(3));
			// nothing was taken by the refused calls
			assertThat(orders.nextId(6)).isEqualTo(1L << 5 | 1 << 3 | 6);
		}
	}

	@Test
	void idsOfATagWithShardBitsCarryTheShardAskedForAndStillIncrease() {
		ComposingStore store = new ComposingStore(7, Long.MAX_VALUE).tag("orders", new SegmentComposition(2, 3, 4));
		try (SegmentIdServices services = new SegmentIdServices(store, SETTINGS)) {
			ShardedIdService orders = services.forTag("orders");
			assertThat(orders.shardBits()).isEqualTo(4);
			List<Long> ids = new ArrayList<>();
			for (int i = 0; i < 100; i++) {
				int shard = (i * 7) % 16;
				long id = orders.nextId(shard);
				assertThat(orders.shardOf(id)).isEqualTo(shard);
				assertThat((id >>> 4) & 7).isEqualTo(2);
				ids.add(id);
			}
			ids.addAll(orders.nextIds(15, 20));
			assertThat(orders.nextId("alice")).isEqualTo(orders.nextId("alice") - (1L << 7));
			assertThat(ids).isSorted().doesNotHaveDuplicates();
			assertThat(ids.get(ids.size() - 1) & 15).isEqualTo(15);
		}
	}

	@Test
	void aShardIsRefusedOutOfRangeAndWhereTheTagHasNoShardBits() {
		ComposingStore store = new ComposingStore(10, Long.MAX_VALUE).tag("orders", new SegmentComposition(0, 0, 2))
			.tag("plain", SegmentComposition.PLAIN);
		try (SegmentIdServices services = new SegmentIdServices(store, SETTINGS)) {
			assertThatIllegalArgumentException().isThrownBy(() -> services.forTag("orders").nextId(4))
				.withMessage("shard must be from 0 to 3 (2 shard bits), was 4");
			assertThatIllegalArgumentException().isThrownBy(() -> services.forTag("orders").nextId(-1))
				.withMessageStartingWith("shard must be from 0 to 3");
			assertThatIllegalArgumentException().isThrownBy(() -> services.forTag("plain").nextId(0))
				.withMessageContaining("segment tag 'plain'")
				.withMessageContaining("carry no shard");
			assertThat(services.forTag("plain").nextId()).isEqualTo(1);
		}
	}

	@Test
	void aTagWithoutShardBitsRefusesAShardOrAKeyNamingTheTagAndHowToGiveItsIdsAShard() {
		ComposingStore store = new ComposingStore(10, Long.MAX_VALUE).tag("plain", SegmentComposition.PLAIN)
			.tag("business", new SegmentComposition(2, 2, 0));
		try (SegmentIdServices services = new SegmentIdServices(store, SETTINGS)) {
			for (String tag : List.of("plain", "business")) {
				SegmentIdService service = services.forTag(tag);
				List<ThrowingCallable> calls = List.of(() -> service.nextId("alice"), () -> service.nextId(0),
						() -> service.nextId(-1), () -> service.nextIds(0, 3), () -> service.nextIds(-1, 3));
				for (ThrowingCallable call : calls) {
					assertThatIllegalArgumentException().isThrownBy(call)
						.withMessageContaining("the ids of segment tag '" + tag + "' carry no shard")
						.withMessageContaining("shard_bits is 0 in memory")
						.withMessageContaining("call nextId()")
						.withMessageContaining("give the tag's record shard_bits 1 to 10");
				}
				// nothing was taken by the refused calls
				assertThat(service.nextIds(1)).singleElement().isEqualTo(service.composition().bits() == 0 ? 1L : 1L << 2 | 2);
			}
		}
	}

	@Test
	void noComposedIdPassesTheTagsMaxLimitId() {
		long maxLimitId = (100L << 6) + 17;
		ComposingStore store = new ComposingStore(30, maxLimitId).tag("orders", new SegmentComposition(1, 2, 4));
		try (SegmentIdServices services = new SegmentIdServices(store, SETTINGS)) {
			ShardedIdService orders = services.forTag("orders");
			long last = 0;
			for (long sequence = 1; sequence <= 99; sequence++) {
				last = orders.nextId(15);
				assertThat(last).isLessThanOrEqualTo(maxLimitId);
			}
			// sequence 100 would give 100 << 6 | 1 << 4 | 15 = maxLimitId + 14
			assertThat(last).isEqualTo((99L << 6) | 1 << 4 | 15);
			assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> orders.nextId(0));
		}
	}

	@Test
	void aCompositionThatChangesBetweenRangesStopsTheTagNamingBothCompositions() {
		ComposingStore store = new ComposingStore(5, Long.MAX_VALUE).tag("orders", new SegmentComposition(3, 2, 2));
		try (SegmentIdServices services = new SegmentIdServices(store,
				SETTINGS.withMaxStep(5).withPreloadShare(0.99))) {
			SegmentIdService orders = services.forTag("orders");
			// below the preload mark (the 5th id of 5): nothing loads the next range yet
			for (int i = 0; i < 4; i++) {
				orders.nextId(1);
			}
			store.tag("orders", new SegmentComposition(1, 1, 2));
			// the last id of the range, taken before the change, and the first call that needs the next range
			assertThat(orders.nextId(1)).isEqualTo(5L << 4 | 3 << 2 | 1);
			assertThatExceptionOfType(SegmentCompositionChangedException.class).isThrownBy(() -> orders.nextId(1))
				.withMessageContaining("Segment tag 'orders'")
				.withMessageContaining("from (business_id 3, business_bits 2, shard_bits 2)")
				.withMessageContaining("to (business_id 1, business_bits 1, shard_bits 2)")
				.withMessageContaining("migration");
			assertThat(services.statistics()).singleElement()
				.satisfies((statistics) -> assertThat(statistics.lastError()).contains("changed its composition"));
			assertThat(orders.composition()).isEqualTo(new SegmentComposition(3, 2, 2));
		}
	}

	@Test
	void aTagRefusedForAChangedCompositionIsNotForgottenSoItsRefusalLastsAfterTheRecordIsChangedBack() {
		SegmentComposition narrow = new SegmentComposition(1, 1, 0);
		ComposingStore store = new ComposingStore(5, Long.MAX_VALUE).tag("orders", narrow);
		try (SegmentIdServices services = new SegmentIdServices(store, SETTINGS.withMaxStep(5))) {
			SegmentIdService orders = services.forTag("orders");
			orders.nextId();
			store.tag("orders", new SegmentComposition(1, 2, 0));
			assertThatExceptionOfType(SegmentCompositionChangedException.class).isThrownBy(() -> {
				for (;;) {
					orders.nextId();
				}
			});
			store.tag("orders", narrow);
			// as a business number's past period is forgotten
			services.forget("orders");
			assertThat(services.forTag("orders")).isSameAs(orders);
			assertThatExceptionOfType(SegmentCompositionChangedException.class).isThrownBy(orders::nextId);
			assertThat(services.statistics()).singleElement().satisfies((statistics) -> {
				assertThat(statistics.tag()).isEqualTo("orders");
				assertThat(statistics.refused()).isTrue();
			});
		}
	}

}
