package io.github.idgen.segment;

import io.github.idgen.segment.SegmentComposition.ComposedId;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SegmentComposition#decompose(long)}: how the server and the sample app take a
 * tag's ids apart, and refuse an id of another tag.
 */
class SegmentCompositionTests {

	private final SegmentComposition orders = new SegmentComposition(5, 3, 4);

	@Test
	void anIdOfTheTagGivesBackItsSequenceBusinessIdAndShard() {
		long id = this.orders.compose(1234, 9);
		assertThat(this.orders.decompose(id)).isEqualTo(new ComposedId(id, 1234, 5, 9));
	}

	@Test
	void aPlainTagsIdIsItsOwnSequence() {
		assertThat(SegmentComposition.PLAIN.decompose(42)).isEqualTo(new ComposedId(42, 42, 0, 0));
	}

	@Test
	void anIdCarryingAnotherBusinessIdIsRefusedNamingBoth() {
		long foreign = new SegmentComposition(1, 3, 4).compose(1234, 9);
		assertThatIllegalArgumentException().isThrownBy(() -> this.orders.decompose(foreign))
			.withMessage("id " + foreign + " carries business id 1, the tag's is 5");
	}

	@Test
	void anIdBelowOneIsRefused() {
		assertThatIllegalArgumentException().isThrownBy(() -> SegmentComposition.PLAIN.decompose(0))
			.withMessage("id must be at least 1, was 0");
	}

}
