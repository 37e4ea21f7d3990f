package io.github.idgen.segment;

/**
 * Thrown when a {@link SegmentStore} cannot allocate a range because it is unreachable or failed;
 * the outcome of the allocation may be unknown, so its range is never used.
 */
public class SegmentStoreException extends RuntimeException {

	/**
	 * Creates an exception.
	 * @param message the problem
	 * @param cause the store's error
	 */
	public SegmentStoreException(String message, Throwable cause) {
		super(message, cause);
	}

}
