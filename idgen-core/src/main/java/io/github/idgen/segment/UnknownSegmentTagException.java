package io.github.idgen.segment;

/**
 * Thrown when ids are asked for a tag that has no record in the store.
 */
public class UnknownSegmentTagException extends IllegalArgumentException {

	private final String tag;

	/**
	 * Creates an exception.
	 * @param tag the tag
	 * @param store where the records are, such as {@code "table idgen_segment"}
	 */
	public UnknownSegmentTagException(String tag, String store) {
		super("Segment tag '" + tag + "' does not exist in " + store);
		this.tag = tag;
	}

	/**
	 * Returns the tag that has no record.
	 * @return the tag
	 */
	public String getTag() {
		return this.tag;
	}

}
