package io.github.idgen.autoconfigure.segment;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.github.idgen.segment.SegmentStore;

/**
 * Thrown at start-up when the configuration (a business number code) or a mapping (an
 * {@code @IdgenId(tag = …)}) names a segment tag that the store has no record for.
 */
public class MissingSegmentTagsException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final List<String> howToAdd;

	/**
	 * Creates an exception for tags that the store has no record for.
	 * @param tagsByNamer each missing tag by what names it, such as
	 * {@code xxx.common.codes.invoice.tag} or {@code @IdgenId on com.example.Order.id}
	 * @param store the store that was asked
	 */
	public MissingSegmentTagsException(Map<String, String> tagsByNamer, SegmentStore store) {
		super(tagsByNamer.entrySet()
			.stream()
			.map((named) -> named.getKey() + " names segment tag '" + named.getValue() + "'")
			.collect(Collectors.joining(", ")) + ", which does not exist in " + store.describe());
		this.howToAdd = tagsByNamer.values().stream().distinct().map(store::howToAddTag).toList();
	}

	/**
	 * Returns the lines that add the missing tags, one per tag.
	 * @return such as {@code INSERT INTO idgen_segment (tag, step) VALUES ('orders', 1000);}
	 */
	public List<String> getHowToAdd() {
		return this.howToAdd;
	}

}
