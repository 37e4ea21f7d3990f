package io.github.idgen.autoconfigure.segment;

import io.github.idgen.info.Documentation;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Gives the lines that add the segment tags that configured codes or {@code @IdgenId} mappings count on.
 */
public class MissingSegmentTagsFailureAnalyzer extends AbstractFailureAnalyzer<MissingSegmentTagsException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingSegmentTagsException cause) {
		String action = "Add the segment tag" + ((cause.getHowToAdd().size() > 1) ? "s" : "")
				+ " before starting (a step of 1000 and ids from 1; " + Documentation.section("segments.md", "the-table")
				+ " says how to choose others):\n\n    "
				+ String.join("\n    ", cause.getHowToAdd())
				+ "\n\nor declare " + ((cause.getHowToAdd().size() > 1) ? "them" : "it")
				+ " in the configuration, and idgen creates it at start-up when it is missing"
				+ " (xxx.common.segment-tags.<tag>.step=1000), or name an existing tag where the tag is named, or remove"
				+ " what names it.";
		return new FailureAnalysis(cause.getMessage() + ".", action, cause);
	}

}
