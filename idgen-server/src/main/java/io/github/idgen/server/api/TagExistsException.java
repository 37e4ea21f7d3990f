package io.github.idgen.server.api;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A tag to create exists with other settings than those asked for; answered with 409, the tag left as
 * it is.
 */
class TagExistsException extends RuntimeException {

	private final String tag;

	private final List<Difference> differences;

	TagExistsException(String tag, List<Difference> differences) {
		super("Segment tag '" + tag + "' exists with other settings, which were left as they are: "
				+ differences.stream().map(Difference::toString).collect(Collectors.joining(", ")) + ".");
		this.tag = tag;
		this.differences = List.copyOf(differences);
	}

	String getTag() {
		return this.tag;
	}

	List<Difference> getDifferences() {
		return this.differences;
	}

	/**
	 * A setting in which the tag differs.
	 *
	 * @param field the body's field, such as {@code maxLimitId}
	 * @param existing the tag's value, as text
	 * @param asked the value asked for, as text
	 */
	record Difference(String field, String existing, String asked) {

		/** Such as {@code step 100 (asked: 1000)}. */
		@Override
		public String toString() {
			return this.field + " " + this.existing + " (asked: " + this.asked + ")";
		}

	}

}
