package io.github.idgen.autoconfigure.client;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains {@link ConflictingSegmentStoresException}: which setting to remove.
 */
class ConflictingSegmentStoresFailureAnalyzer extends AbstractFailureAnalyzer<ConflictingSegmentStoresException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ConflictingSegmentStoresException cause) {
		return new FailureAnalysis(cause.getMessage() + "; segment ids can come from one of them only.",
				"Remove xxx.common.segment-enabled to take ranges from idgen-server (the xxx.common.segment-* tuning"
						+ " keys still apply), or remove xxx.common.server-urls to take them from the database.",
				cause);
	}

}
