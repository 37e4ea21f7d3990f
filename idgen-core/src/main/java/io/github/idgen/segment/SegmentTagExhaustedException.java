package io.github.idgen.segment;

import org.jspecify.annotations.Nullable;

/**
 * Thrown when a tag has issued every id up to its {@code max_limit_id}. Raising the limit in the
 * store lets the tag go on without a restart.
 */
public class SegmentTagExhaustedException extends IllegalStateException {

	private final String tag;

	private final long maxLimitId;

	/**
	 * Creates an exception.
	 * @param tag the tag
	 * @param maxLimitId the tag's limit, reached
	 * @param store where the records are, such as {@code "table idgen_segment"}
	 */
	public SegmentTagExhaustedException(String tag, long maxLimitId, String store) {
		this(tag, maxLimitId, maxLimitId, store);
	}

	/**
	 * Creates an exception that also says when the limit is below ids already handed out (it was
	 * lowered below {@code max_id}).
	 * @param tag the tag
	 * @param maxId the tag's {@code max_id}: the largest id handed out
	 * @param maxLimitId the tag's limit, reached
	 * @param store where the records are, such as {@code "table idgen_segment"}
	 */
	public SegmentTagExhaustedException(String tag, long maxId, long maxLimitId, String store) {
		super("Segment tag '" + tag + "' is exhausted: " + ((maxId > maxLimitId)
				? "its max_limit_id " + maxLimitId + " in " + store + " is below its max_id " + maxId
						+ ", the largest id already handed out"
				: "every id up to its max_limit_id " + maxLimitId + " in " + store + " was handed out"));
		this.tag = tag;
		this.maxLimitId = maxLimitId;
	}

	/**
	 * Creates an exception with a message of its own, for a subclass that says more.
	 * @param message what was used up, and where
	 * @param tag the tag
	 * @param maxLimitId the limit that was reached
	 * @param cause what the store said, or {@code null}
	 */
	protected SegmentTagExhaustedException(String message, String tag, long maxLimitId, @Nullable Throwable cause) {
		super(message, cause);
		this.tag = tag;
		this.maxLimitId = maxLimitId;
	}

	/**
	 * Returns the exhausted tag.
	 * @return the tag
	 */
	public String getTag() {
		return this.tag;
	}

	/**
	 * Returns the limit that was reached.
	 * @return the tag's {@code max_limit_id}
	 */
	public long getMaxLimitId() {
		return this.maxLimitId;
	}

}
