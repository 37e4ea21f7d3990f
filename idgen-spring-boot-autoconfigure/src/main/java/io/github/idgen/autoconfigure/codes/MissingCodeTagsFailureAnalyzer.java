package io.github.idgen.autoconfigure.codes;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Gives the lines that add the segment tags configured codes count on.
 */
class MissingCodeTagsFailureAnalyzer extends AbstractFailureAnalyzer<MissingCodeTagsException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingCodeTagsException cause) {
		String action = "Add the segment tag" + ((cause.getHowToAdd().size() > 1) ? "s" : "")
				+ " before starting (a step of 1000 and ids from 1; docs/segments.md says how to choose others):\n\n    "
				+ String.join("\n    ", cause.getHowToAdd())
				+ "\n\nor name an existing tag in xxx.common.codes.<name>.tag, or remove the code.";
		return new FailureAnalysis(cause.getMessage() + ".", action, cause);
	}

}
