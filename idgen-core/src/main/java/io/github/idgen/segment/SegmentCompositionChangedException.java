package io.github.idgen.segment;

import io.github.idgen.info.Documentation;

/**
 * Thrown when a tag's record shows another composition than the tag's earlier ranges had. Ids of the
 * new composition may equal ids this instance (or others) issued under the old one, a narrower
 * composition in particular, so the instance refuses the tag until it restarts, even if the record is
 * changed back (another instance may have issued ids under the new composition meanwhile); changing a
 * tag's composition is a migration for an operator, not something to do under running instances.
 */
public class SegmentCompositionChangedException extends SegmentTagRefusedException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates an exception.
	 * @param tag the tag
	 * @param before the composition of the tag's earlier ranges
	 * @param after the composition of the range that was refused
	 * @param store where the records are
	 */
	public SegmentCompositionChangedException(String tag, SegmentComposition before, SegmentComposition after,
			String store) {
		super(tag, "Segment tag '" + tag + "' changed its composition in " + store + " from (" + before + ") to (" + after
				+ ") while this instance issued its ids: ids of the new composition may repeat ids already issued, so"
				+ " the tag is refused here. Changing a tag's composition is a migration: stop every instance using"
				+ " the tag, set max_id so that the first id of the new composition lies above every id issued"
				+ " (" + Documentation.section("segments.md", "composed-ids-business-id-and-shard")
				+ "), then restart them");
	}

}
