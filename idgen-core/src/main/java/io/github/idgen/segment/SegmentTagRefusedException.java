package io.github.idgen.segment;

/**
 * Thrown when an instance refused a tag for the rest of its life: the store handed it a range whose
 * ids may repeat ids already issued, so every range after it is suspect too. The instance takes no
 * further range of the tag (whatever the store's record says later: a record changed back is no proof
 * that nobody issued ids in between) and every call that needs one gets this exception, until an
 * operator repaired the record and restarted the instance. Health shows the tag as refused.
 */
public abstract class SegmentTagRefusedException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final String tag;

	/**
	 * Creates an exception.
	 * @param tag the tag that is refused
	 * @param message what happened and what an operator does about it
	 */
	protected SegmentTagRefusedException(String tag, String message) {
		super(message);
		this.tag = tag;
	}

	/**
	 * Returns the tag that is refused.
	 * @return the tag
	 */
	public String getTag() {
		return this.tag;
	}

}
