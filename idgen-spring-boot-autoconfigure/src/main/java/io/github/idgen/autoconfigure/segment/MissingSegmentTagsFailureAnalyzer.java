package io.github.idgen.autoconfigure.segment;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Gives the lines that add the segment tags that configured codes or {@code @IdgenId} mappings count on.
 */
public class MissingSegmentTagsFailureAnalyzer extends AbstractFailureAnalyzer<MissingSegmentTagsException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingSegmentTagsException cause) {
		String action = "Add the segment tag" + ((cause.getHowToAdd().size() > 1) ? "s" : "")
				+ " before starting (a step of 1000 and ids from 1; docs/segments.md says how to choose others):\n\n    "
				+ String.join("\n    ", cause.getHowToAdd())
				+ "\n\nor name an existing tag where the tag is named, or remove what names it.";
		return new FailureAnalysis(cause.getMessage() + ".", action, cause);
	}

}
