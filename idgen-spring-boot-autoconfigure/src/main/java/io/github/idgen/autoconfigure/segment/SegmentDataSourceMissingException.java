package io.github.idgen.autoconfigure.segment;

/**
 * Thrown at start-up when segment ids are on but the application has no {@code DataSource} to keep
 * the segment table in.
 */
public class SegmentDataSourceMissingException extends IllegalStateException {

	SegmentDataSourceMissingException(String problem) {
		super(problem);
	}

}
