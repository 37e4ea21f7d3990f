package io.github.idgen.autoconfigure;

import io.github.idgen.lease.HighWaterMarksAheadException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up whose clock was too far behind the high-water marks of every free id.
 */
class HighWaterMarksAheadFailureAnalyzer extends AbstractFailureAnalyzer<HighWaterMarksAheadException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, HighWaterMarksAheadException cause) {
		String description = "idgen found free worker ids under '" + cause.getPath() + "', but the previous holders"
				+ " promised ids up to instants ahead of this host's clock, the nearest by " + cause.getAheadMillis()
				+ " ms (node id " + cause.getNodeId() + ", '" + cause.getMark().instanceName()
				+ "'). Issuing before this clock passes that mark could repeat their ids, and waiting would take longer"
				+ " than the " + cause.getMaxWaitMillis() + " ms allowed.";
		String action = "Fix the time synchronisation of this host (it is probably behind by about "
				+ cause.getAheadMillis() + " ms; check NTP/chrony), or allow a longer wait with"
				+ " xxx.common.lease-mark-max-wait.";
		return new FailureAnalysis(description, action, cause);
	}

}
