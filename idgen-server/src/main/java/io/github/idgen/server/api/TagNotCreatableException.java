package io.github.idgen.server.api;

/**
 * The store cannot create a tag with the settings asked for: a segment table without the columns of a
 * composed tag, a Redis key of the tag's name that holds no hash, or a store that creates no tags at
 * all. Answered with 409: the store's state, which only its operator changes, refuses the request.
 */
class TagNotCreatableException extends RuntimeException {

	private final String tag;

	TagNotCreatableException(String tag, RuntimeException cause) {
		super(cause.getMessage(), cause);
		this.tag = tag;
	}

	String getTag() {
		return this.tag;
	}

}
