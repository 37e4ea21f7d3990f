package io.github.idgen.examples;

import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.SegmentTagCreation;
import io.github.idgen.segment.SegmentTagSettings;

/** docs/segment-tags.md's example. */
final class CreatedTags {

	private CreatedTags() {
	}

	static SegmentTagCreation create(SegmentStore store) {
		// tag::create[]
		SegmentTagCreation creation = store.createTag("orders", SegmentTagSettings.ofStep(1000)
			.withIdsAbove(250_000)
			.withDescription("order numbers"));
		creation.created();      // true if this call created it
		creation.differences();  // how a tag that existed differs, such as [step 10 instead of 1000]
		// end::create[]
		return creation;
	}

}
