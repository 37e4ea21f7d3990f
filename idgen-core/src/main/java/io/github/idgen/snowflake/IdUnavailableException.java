package io.github.idgen.snowflake;

import java.time.Duration;

/**
 * Thrown instead of an id when an {@link IdService} cannot issue one for now without risking a
 * duplicate or an out-of-order id: its worker id lease is unproven, its clock stepped back, its
 * segment store is unreachable with nothing left in memory. Trying again later, or on another
 * instance, may succeed; the web layer answers such failures with 503 and {@code Retry-After}.
 */
public class IdUnavailableException extends IllegalStateException {

	private final Duration retryAfter;

	/**
	 * Creates an exception.
	 * @param message the problem, stated for the log
	 * @param retryAfter how long a caller should wait before trying again, at least one second
	 */
	public IdUnavailableException(String message, Duration retryAfter) {
		super(message);
		this.retryAfter = (retryAfter.compareTo(Duration.ofSeconds(1)) < 0) ? Duration.ofSeconds(1) : retryAfter;
	}

	/**
	 * Returns how long a caller should wait before asking again.
	 * @return the wait, at least one second
	 */
	public Duration getRetryAfter() {
		return this.retryAfter;
	}

}
