package io.github.idgen.segment;

import org.jspecify.annotations.Nullable;

/**
 * What every range of one tag taken so far had in common, and the checks each new range must pass
 * before any of its ids is served: it starts above every id taken before (a store that lost commits
 * would hand some out again), and it has the composition of the first (a narrower one could compose
 * ids issued before).
 * <p>
 * Written by the attempt in flight only: each attempt begins after the one before it ended, which
 * the {@link RangeLoader} orders; the composition is read by any thread.
 */
final class TakenRanges {

	private final String tag;

	/** Largest id of every range taken so far. */
	private long highestTaken;

	/** The composition of the first range, null before it. */
	private volatile @Nullable SegmentComposition composition;

	TakenRanges(String tag) {
		this.tag = tag;
	}

	/**
	 * Takes a range the store answered, or refuses it.
	 * @param range the range
	 * @param store the store's description, for the messages
	 * @throws SegmentStoreRegressedException if it does not start above every id taken before
	 * @throws SegmentCompositionChangedException if its composition is not the first range's
	 */
	void take(SegmentRange range, String store) {
		if (range.firstId() <= this.highestTaken) {
			throw new SegmentStoreRegressedException(this.tag, range, this.highestTaken, store);
		}
		SegmentComposition first = this.composition;
		if (first == null) {
			this.composition = range.composition();
		}
		else if (!first.equals(range.composition())) {
			throw new SegmentCompositionChangedException(this.tag, first, range.composition(), store);
		}
		this.highestTaken = range.lastId();
	}

	/** The composition of the tag's ranges, or null before the first. */
	@Nullable SegmentComposition composition() {
		return this.composition;
	}

}
