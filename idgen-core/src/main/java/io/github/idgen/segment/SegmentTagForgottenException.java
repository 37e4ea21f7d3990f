package io.github.idgen.segment;

import java.time.Duration;

/**
 * Thrown to a caller that still holds the service of a tag its registry
 * {@link SegmentIdServices#forget forgot}, once that service's ids in memory are used up: the service
 * takes no range any more, since the tag's next service may have started below it. Calling
 * {@link SegmentIdServices#forTag} again gives the tag's next service, whose ids are above every id
 * the forgotten one took.
 */
public class SegmentTagForgottenException extends SegmentIdsUnavailableException {

	private final String tag;

	/**
	 * Creates an exception.
	 * @param tag the forgotten tag
	 * @param retryAfter how long a caller that cannot take the tag's next service waits before trying again
	 */
	public SegmentTagForgottenException(String tag, Duration retryAfter) {
		super("Segment tag '" + tag + "' was forgotten by its registry (SegmentIdServices.forget) while this caller"
				+ " held its service: call forTag again for its new service", retryAfter, null);
		this.tag = tag;
	}

	/**
	 * Returns the forgotten tag.
	 * @return the tag
	 */
	public String getTag() {
		return this.tag;
	}

}
