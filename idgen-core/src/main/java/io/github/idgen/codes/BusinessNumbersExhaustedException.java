package io.github.idgen.codes;

import io.github.idgen.segment.SegmentTagExhaustedException;
import org.jspecify.annotations.Nullable;

/**
 * Thrown when a business number has no number left in its period: its sequence would outgrow the
 * pattern's digits, or the period's segment tag reached its {@code max_limit_id}. Never wraps, never
 * widens; the next period starts again at 1. A {@link SegmentTagExhaustedException}, so that callers
 * (and web layers, with 409) treat it as an exhausted tag.
 */
public class BusinessNumbersExhaustedException extends SegmentTagExhaustedException {

	private final String code;

	/**
	 * Creates an exception.
	 * @param code the code's name
	 * @param message what was used up, naming the code, its pattern and the period's tag
	 * @param tag the period's segment tag
	 * @param maxLimitId the largest sequence the period may issue
	 * @param cause the store's answer, or {@code null}
	 */
	BusinessNumbersExhaustedException(String code, String message, String tag, long maxLimitId,
			@Nullable Throwable cause) {
		super(message, tag, maxLimitId, cause);
		this.code = code;
	}

	/**
	 * Returns the name of the code that ran out.
	 * @return the code's name
	 */
	public String getCode() {
		return this.code;
	}

}
