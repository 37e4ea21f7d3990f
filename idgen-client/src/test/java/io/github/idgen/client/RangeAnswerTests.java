package io.github.idgen.client;

import java.net.URI;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStoreException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The range answers of idgen-server as the client reads them: with a composition (a composed tag),
 * and without one (a plain tag, or a server from before composed ids).
 */
class RangeAnswerTests {

	static final URI SERVER = URI.create("http://ids-1:8080");

	@Test
	void aComposedTagsRangeCarriesItsComposition() {
		SegmentRange range = Answers.range("lines", "{\"tag\":\"lines\",\"first\":\"11\",\"last\":\"20\",\"rowStep\":10,"
				+ "\"maxLimitId\":\"9223372036854775807\",\"businessId\":5,\"businessBits\":3,\"shardBits\":2}", SERVER);
		assertThat(range).isEqualTo(new SegmentRange("lines", 11, 20, 10, Long.MAX_VALUE, new SegmentComposition(5, 3, 2)));
	}

	@Test
	void anAnswerWithoutACompositionIsAPlainRange() {
		SegmentRange range = Answers.range("orders", "{\"tag\":\"orders\",\"first\":\"1001\",\"last\":\"1100\","
				+ "\"rowStep\":1000,\"maxLimitId\":\"9223372036854775807\"}", SERVER);
		assertThat(range).isEqualTo(new SegmentRange("orders", 1001, 1100, 1000, Long.MAX_VALUE));
		assertThat(range.composition()).isEqualTo(SegmentComposition.PLAIN);
	}

	@Test
	void aCompositionOutOfItsRulesIsNoRange() {
		assertThatExceptionOfType(SegmentStoreException.class)
			.isThrownBy(() -> Answers.range("lines", "{\"tag\":\"lines\",\"first\":\"1\",\"last\":\"2\",\"rowStep\":10,"
					+ "\"maxLimitId\":\"100\",\"businessId\":0,\"businessBits\":0,\"shardBits\":11}", SERVER))
			.withMessageContaining("shard_bits 11");
	}

}
