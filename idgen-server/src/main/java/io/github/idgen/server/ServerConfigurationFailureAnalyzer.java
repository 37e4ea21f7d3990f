package io.github.idgen.server;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a {@link ServerConfigurationException} with its fix.
 */
class ServerConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<ServerConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ServerConfigurationException cause) {
		return new FailureAnalysis(cause.getMessage(), cause.getAction(), cause);
	}

}
