package io.github.idgen.segment;

/**
 * Thrown when the store hands out a range that does not start above every id this instance already
 * took for the tag: the store lost committed allocations (a restored backup, a failover that lost
 * commits, {@code max_id} lowered by hand). Ids from such a range may already have been issued, so
 * the instance refuses the tag until the record is repaired and the instance restarted.
 */
public class SegmentStoreRegressedException extends SegmentTagRefusedException {

	private static final long serialVersionUID = 1L;

	/**
	 * Creates an exception.
	 * @param tag the tag
	 * @param range the range that was refused
	 * @param highestTaken the largest id this instance already took for the tag
	 * @param store where the records are
	 */
	public SegmentStoreRegressedException(String tag, SegmentRange range, long highestTaken, String store) {
		super(tag, "Segment tag '" + tag + "' got range " + range.firstId() + ".." + range.lastId() + " from " + store
				+ " but this instance already took ids up to " + highestTaken
				+ ": the store lost committed allocations, so its ids may already be issued elsewhere; refusing them");
	}

}
