package io.github.idgen.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

import io.github.idgen.info.Documentation;

/**
 * Tells how to correct configuration keys idgen does not know.
 */
class UnknownConfigurationKeysFailureAnalyzer extends AbstractFailureAnalyzer<UnknownConfigurationKeysException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnknownConfigurationKeysException cause) {
		String these = (cause.getKeys().size() == 1) ? "the key" : "each key";
		return new FailureAnalysis(cause.getMessage() + ".",
				"Change " + these + " to the known key it was meant to be (the nearest is named above), in the file,"
						+ " environment variable or command line that sets it, or remove it. Every idgen key is under"
						+ " xxx.common; " + Documentation.page("configuration.md")
						+ " lists them, and IDEs complete them from the configuration"
						+ " metadata.",
				cause);
	}

}
