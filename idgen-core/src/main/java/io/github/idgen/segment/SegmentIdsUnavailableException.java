package io.github.idgen.segment;

import java.time.Duration;

import io.github.idgen.snowflake.IdUnavailableException;
import org.jspecify.annotations.Nullable;

/**
 * Thrown when a tag has no id left in memory and could not get a new range from the store within
 * the wait: the store is unreachable or slow. Trying again later may succeed.
 */
public class SegmentIdsUnavailableException extends IdUnavailableException {

	/**
	 * Creates an exception.
	 * @param message the problem
	 * @param retryAfter how long to wait before trying again
	 * @param cause the store's last error, if any
	 */
	public SegmentIdsUnavailableException(String message, Duration retryAfter, @Nullable Throwable cause) {
		super(message, retryAfter);
		if (cause != null) {
			initCause(cause);
		}
	}

}
