package io.github.idgen.text;

import java.util.List;

import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link IdTextService} over a real {@link IdServiceTwitter}.
 */
class IdTextServiceTests {

	private final IdServiceTwitter idService = IdServiceTwitter.builder().workerId(5).datacenterId(2).build();

	private final IdTextCodec codec = IdTextCodec.base62().withPrefix("ord_");

	private final IdTextService orderIds = new IdTextService(this.idService, this.codec);

	@Test
	void nextIdIsTheTextOfTheNextIdOfTheIdService() {
		long before = this.idService.nextId();
		String text = this.orderIds.nextId();
		long after = this.idService.nextId();
		assertThat(text).startsWith("ord_").hasSize(15);
		long id = this.orderIds.decode(text);
		assertThat(id).isGreaterThan(before).isLessThan(after);
		assertThat(this.orderIds.encode(id)).isEqualTo(text);
	}

	@Test
	void nextIdsAreIncreasingTextsOfIncreasingIds() {
		List<String> texts = this.orderIds.nextIds(10_000);
		assertThat(texts).hasSize(10_000).isSorted().doesNotHaveDuplicates();
		assertThat(texts.stream().mapToLong(this.orderIds::decode).toArray()).isSorted().doesNotHaveDuplicates();
		assertThat(texts).isUnmodifiable();
	}

	@Test
	void textsOfLaterCallsSortAfterEarlierOnes() {
		String first = this.orderIds.nextId();
		String batchFirst = this.orderIds.nextIds(3).get(0);
		assertThat(batchFirst).isGreaterThan(first);
		assertThat(this.orderIds.nextId()).isGreaterThan(batchFirst);
	}

	@Test
	void nextIdsChecksTheBatchSizeAsTheIdServiceDoes() {
		assertThatIllegalArgumentException().isThrownBy(() -> this.orderIds.nextIds(0));
		assertThatIllegalArgumentException().isThrownBy(() -> this.orderIds.nextIds(IdService.MAX_BATCH_SIZE + 1));
	}

	@Test
	void decodeRefusesAnotherCodecsText() {
		String userId = new IdTextService(this.idService, IdTextCodec.base62().withPrefix("usr_")).nextId();
		assertThatExceptionOfType(IdTextException.class).isThrownBy(() -> this.orderIds.decode(userId))
			.withMessageContaining("it does not start with 'ord_'");
	}

	@Test
	void exposesItsCodec() {
		assertThat(this.orderIds.codec()).isSameAs(this.codec);
	}

}
