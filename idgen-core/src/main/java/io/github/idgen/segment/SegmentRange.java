package io.github.idgen.segment;

/**
 * A range of ids that the store handed to this instance alone: {@code firstId..lastId}, both
 * included, taken from a tag's row as {@code (old max_id, new max_id]} in a committed transaction.
 *
 * @param tag the business tag
 * @param firstId the first id of the range, the row's previous {@code max_id} + 1
 * @param lastId the last id of the range, the row's new {@code max_id}
 * @param rowStep the row's {@code step} at the time of the allocation, the smallest step to ask for
 * @param maxLimitId the row's {@code max_limit_id}: no id of the tag goes above it
 * @param composition how the tag's ids are composed from the range's numbers, which are then
 * sequences ({@link SegmentComposition#PLAIN}: the numbers are the ids); the store cuts the range so
 * that no composed id passes {@code maxLimitId}
 */
public record SegmentRange(String tag, long firstId, long lastId, int rowStep, long maxLimitId,
		SegmentComposition composition) {

	public SegmentRange {
		if (firstId > lastId || firstId < 1) {
			throw new IllegalArgumentException("range " + firstId + ".." + lastId + " of tag '" + tag + "' is empty or not positive");
		}
	}

	/**
	 * Creates the range of a plain tag, whose ids are the range's numbers.
	 * @param tag the business tag
	 * @param firstId the first id of the range
	 * @param lastId the last id of the range
	 * @param rowStep the row's {@code step}
	 * @param maxLimitId the row's {@code max_limit_id}
	 */
	public SegmentRange(String tag, long firstId, long lastId, int rowStep, long maxLimitId) {
		this(tag, firstId, lastId, rowStep, maxLimitId, SegmentComposition.PLAIN);
	}

	/**
	 * Returns the number of ids in the range.
	 * @return {@code lastId - firstId + 1}
	 */
	public long size() {
		return this.lastId - this.firstId + 1;
	}

}
