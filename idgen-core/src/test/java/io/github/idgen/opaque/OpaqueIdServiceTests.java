package io.github.idgen.opaque;

import java.util.Collection;
import java.util.HexFormat;
import java.util.stream.LongStream;

import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link OpaqueIdService} over a real {@link IdServiceTwitter} and {@link Ff1IdCodec}.
 */
class OpaqueIdServiceTests {

	private final IdServiceTwitter idService = IdServiceTwitter.builder().workerId(5).datacenterId(2).build();

	private final Ff1IdCodec codec = Ff1IdCodec.withKey(HexFormat.of().parseHex("000102030405060708090a0b0c0d0e0f"));

	private final OpaqueIdService opaqueIds = new OpaqueIdService(this.idService, this.codec);

	@Test
	void nextIdIsTheOpaqueFormOfTheNextIdOfTheIdService() {
		long before = this.idService.nextId();
		long opaqueId = this.opaqueIds.nextId();
		long after = this.idService.nextId();
		long id = this.opaqueIds.decode(opaqueId);
		assertThat(id).isGreaterThan(before).isLessThan(after);
		assertThat(this.codec.encode(id)).isEqualTo(opaqueId);
		assertThat(this.opaqueIds.encode(id)).isEqualTo(opaqueId);
	}

	@Test
	void nextIdsAreDistinctAndDecodeToIncreasingIdsInTheOrderGiven() {
		long[] opaqueIds = this.opaqueIds.nextIds(10_000);
		assertThat(opaqueIds).hasSize(10_000);
		assertThat(LongStream.of(opaqueIds).distinct().count()).isEqualTo(10_000);
		long[] ids = LongStream.of(opaqueIds).map(this.opaqueIds::decode).toArray();
		assertThat(ids).isSorted().doesNotHaveDuplicates();
		// the opaque ids themselves are not in order
		assertThat(opaqueIds).isNotEqualTo(LongStream.of(opaqueIds).sorted().toArray());
	}

	@Test
	void nextIdsChecksTheBatchSizeAsTheIdServiceDoes() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.opaqueIds.nextIds(0));
		assertThatIllegalArgumentException().isThrownBy(() -> this.opaqueIds.nextIds(IdService.MAX_BATCH_SIZE + 1));
	}

	@Test
	void isNotAnIdServiceBecauseOpaqueIdsDoNotIncrease() {
		assertThat(IdService.class.isAssignableFrom(OpaqueIdService.class)).isFalse();
	}

	@Test
	void delegatesBatchesToTheIdServicesBatchPath() {
		CountingIdService counting = new CountingIdService(this.idService);
		new OpaqueIdService(counting, this.codec).nextIds(3);
		assertThat(counting.batches).isEqualTo(1);
		assertThat(counting.singles).isZero();
	}

	/** Counts calls; the ids come from a real generator. */
	private static final class CountingIdService implements IdService {

		private final IdService delegate;

		private int batches;

		private int singles;

		CountingIdService(IdService delegate) {
			this.delegate = delegate;
		}

		@Override
		public long nextId() {
			this.singles++;
			return this.delegate.nextId();
		}

		@Override
		public Collection<Long> nextIds(int num) {
			this.batches++;
			return this.delegate.nextIds(num);
		}

	}

}
