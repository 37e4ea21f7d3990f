package io.github.idgen.autoconfigure.segment;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Tells how to give segment ids a database.
 */
class SegmentDataSourceMissingFailureAnalyzer extends AbstractFailureAnalyzer<SegmentDataSourceMissingException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, SegmentDataSourceMissingException cause) {
		return new FailureAnalysis(cause.getMessage(),
				"Add a DataSource (for example spring-boot-starter-jdbc with spring.datasource.url, or an embedded"
						+ " H2 on the classpath) holding the segment table, or turn segment ids off with"
						+ " xxx.common.segment-enabled=false.",
				cause);
	}

}
