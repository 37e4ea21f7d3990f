package io.github.idgen.segment;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when ids are asked for a tag that has no record in the store.
 */
public class UnknownSegmentTagException extends IllegalArgumentException {

	private final String tag;

	private final @Nullable String howToAdd;

	/**
	 * Creates an exception that names no way to add the tag.
	 * @param tag the tag
	 * @param store where the records are, such as {@code "table idgen_segment"}
	 */
	public UnknownSegmentTagException(String tag, String store) {
		super("Segment tag '" + tag + "' does not exist in " + store);
		this.tag = tag;
		this.howToAdd = null;
	}

	/**
	 * Creates an exception that says how an operator adds the tag.
	 * @param tag the tag
	 * @param store where the records are, such as {@code "table idgen_segment"}
	 * @param howToAdd one line that adds it, such as
	 * {@code INSERT INTO idgen_segment (tag, step) VALUES ('orders', 1000);}
	 * @see SegmentStore#howToAddTag(String)
	 */
	public UnknownSegmentTagException(String tag, String store, String howToAdd) {
		super("Segment tag '" + tag + "' does not exist in " + store + "; an operator adds it with: " + howToAdd);
		this.tag = tag;
		this.howToAdd = howToAdd;
	}

	/**
	 * Returns the tag that has no record.
	 * @return the tag
	 */
	public String getTag() {
		return this.tag;
	}

	/**
	 * Returns the line that adds the tag, if the store said.
	 * @return such as {@code INSERT INTO idgen_segment (tag, step) VALUES ('orders', 1000);}, or null
	 */
	public @Nullable String getHowToAdd() {
		return this.howToAdd;
	}

}
