package io.github.idgen.autoconfigure.segment;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SegmentStoreException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * {@link SegmentTagsCheck}'s three answers: a missing tag fails the start, a store that cannot be
 * reached only warns (an outage is no bad configuration), a store that cannot tell is not asked.
 */
@ExtendWith(OutputCaptureExtension.class)
class SegmentTagsCheckTests {

	private static final Map<String, String> NAMED = Map.of("xxx.common.codes.orders.tag", "orders");

	@Test
	void aTagTheStoreHasNoRecordForFailsTheStartNamingWhatNamedIt() {
		SegmentTagsCheck check = new SegmentTagsCheck(new TagsStore(Set.of("invoices")::contains), "the codes", () -> NAMED);
		assertThatExceptionOfType(MissingSegmentTagsException.class).isThrownBy(check::afterSingletonsInstantiated)
			.withMessage("xxx.common.codes.orders.tag names segment tag 'orders', which does not exist in a test store")
			.satisfies((ex) -> assertThat(ex.getHowToAdd()).containsExactly("a record for 'orders' in a test store"));
	}

	@Test
	void aTagTheStoreHasPasses() {
		SegmentTagsCheck check = new SegmentTagsCheck(new TagsStore(Set.of("orders")::contains), "the codes", () -> NAMED);
		assertThatNoException().isThrownBy(check::afterSingletonsInstantiated);
	}

	@Test
	void aStoreThatCannotBeReachedOnlyWarns(CapturedOutput output) {
		SegmentTagsCheck check = new SegmentTagsCheck(new TagsStore((tag) -> {
			throw new SegmentStoreException("connection refused", new IOException("refused"));
		}), "the codes", () -> NAMED);
		assertThatNoException().isThrownBy(check::afterSingletonsInstantiated);
		assertThat(output).contains("Could not check that the segment tags of the codes exist: connection refused");
	}

	@Test
	void aStoreThatCannotTellIsNotAsked(CapturedOutput output) {
		SegmentTagsCheck check = new SegmentTagsCheck(new TagsStore(null), "the codes", () -> NAMED);
		assertThatNoException().isThrownBy(check::afterSingletonsInstantiated);
		assertThat(output).doesNotContain("Could not check");
	}

	/** Answers {@link #hasTag} from a predicate, or cannot tell (the interface's default) without one. */
	private record TagsStore(Predicate<String> tags) implements SegmentStore {

		@Override
		public SegmentRange allocate(String tag, int requestedStep) {
			throw new UnsupportedOperationException();
		}

		@Override
		public SegmentRange allocateExactly(String tag, int size) {
			throw new UnsupportedOperationException();
		}

		@Override
		public boolean hasTag(String tag) {
			return (this.tags != null) ? this.tags.test(tag) : SegmentStore.super.hasTag(tag);
		}

		@Override
		public String describe() {
			return "a test store";
		}

	}

}
