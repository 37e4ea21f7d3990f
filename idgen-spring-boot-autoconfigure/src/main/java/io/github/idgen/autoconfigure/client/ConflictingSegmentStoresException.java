package io.github.idgen.autoconfigure.client;

/**
 * Thrown at start-up when both idgen-server URLs and the DataSource's segment table are configured
 * as where segment ranges come from.
 */
public class ConflictingSegmentStoresException extends IllegalStateException {

	/**
	 * Creates an exception.
	 * @param message the two settings
	 */
	public ConflictingSegmentStoresException(String message) {
		super(message);
	}

}
