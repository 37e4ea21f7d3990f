package io.github.idgen.autoconfigure.codes;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.github.idgen.segment.SegmentStore;

/**
 * Thrown at start-up when a configured code names a segment tag that the store has no record for.
 */
public class MissingCodeTagsException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final List<String> howToAdd;

	MissingCodeTagsException(Map<String, String> tagsByCode, SegmentStore store) {
		super(tagsByCode.entrySet()
			.stream()
			.map((code) -> "xxx.common.codes." + code.getKey() + ".tag names segment tag '" + code.getValue() + "'")
			.collect(Collectors.joining(", ")) + ", which does not exist in " + store.describe());
		this.howToAdd = tagsByCode.values().stream().map(store::howToAddTag).toList();
	}

	/**
	 * Returns the lines that add the missing tags, one per tag.
	 * @return such as {@code INSERT INTO idgen_segment (tag, step) VALUES ('orders', 1000);}
	 */
	public List<String> getHowToAdd() {
		return this.howToAdd;
	}

}
