package io.github.idgen.segment;

import java.util.HashMap;
import java.util.Map;

import io.github.idgen.segment.SegmentTagCreation.Difference;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link SegmentTagSettings}: what a tag may be created with, and how a record found is compared.
 */
class SegmentTagSettingsTests {

	@Test
	void settingsOutOfRangeAreRefusedNamingTheSetting() {
		assertThatIllegalArgumentException().isThrownBy(() -> SegmentTagSettings.ofStep(0))
			.withMessage("Segment tag settings have step 0, but step must be from 1 to 2147483647");
		assertThatIllegalArgumentException().isThrownBy(() -> SegmentTagSettings.ofStep(10).withIdsAbove(-1))
			.withMessage("Segment tag settings have ids above -1, but it must be at least 0 (the first id is its value + 1)");
		assertThatIllegalArgumentException().isThrownBy(() -> SegmentTagSettings.ofStep(10).withMaxLimitId(0))
			.withMessage("Segment tag settings have max_limit_id 0, but max_limit_id must be at least 1");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> SegmentTagSettings.ofStep(10).withDescription("x".repeat(257)))
			.withMessage("Segment tag settings have a description of 257 characters, but at most 256 fit");
	}

	@Test
	void aTagWithNoIdLeftIsRefused() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> SegmentTagSettings.ofStep(10).withMaxLimitId(100).withIdsAbove(100))
			.withMessage("Segment tag settings have max_limit_id 100, which leaves no id above 100: the tag would be"
					+ " exhausted from the start");
		// sequence 3 composes ids 3 << 4 | 1 << 2 | 0..3 = 52..55, above 50
		assertThatIllegalArgumentException()
			.isThrownBy(() -> SegmentTagSettings.ofStep(10)
				.withMaxLimitId(50)
				.withIdsAbove(2)
				.withComposition(new SegmentComposition(1, 2, 2)))
			.withMessageContaining("which leaves no id above 2 composed with business_id 1, business_bits 2, shard_bits 2");
		assertThat(SegmentTagSettings.ofStep(10).withMaxLimitId(101).withIdsAbove(100).idsAbove()).isEqualTo(100);
	}

	@Test
	void aRecordFoundIsComparedWithDefaultsForWhatItLacks() {
		SegmentTagSettings asked = SegmentTagSettings.ofStep(1000).withDescription("orders");
		Map<String, String> record = new HashMap<>();
		record.put("step", "1000");
		record.put("description", "orders");
		assertThat(SegmentTagCreation.found("orders", asked, record).isAlike()).isTrue();
		record.put("max_limit_id", "99");
		record.put("shard_bits", "x");
		record.put("step", null);
		assertThat(SegmentTagCreation.found("orders", asked, record).differences()).containsExactly(
				new Difference("step", "missing", "1000"), new Difference("max_limit_id", "99", "9223372036854775807"),
				new Difference("shard_bits", "x", "0"));
		assertThat(SegmentTagCreation.found("orders", SegmentTagSettings.ofStep(5), Map.of("step", "5",
				"description", "anything")).isAlike()).as("no description asked for").isTrue();
	}

}
