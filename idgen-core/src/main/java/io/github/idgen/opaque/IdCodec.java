package io.github.idgen.opaque;

/**
 * A keyed bijection of the positive {@code long}s: every id has exactly one opaque form and back.
 * Two different ids never share an opaque form, so opaque forms of unique ids are unique too.
 * Implementations are thread-safe.
 */
public interface IdCodec {

	/**
	 * Returns the opaque form of an id.
	 * @param id a positive id
	 * @return its opaque form, positive
	 * @throws IllegalArgumentException if {@code id} is not positive
	 */
	long encode(long id);

	/**
	 * Returns the id whose opaque form this is. Every positive value decodes to some positive id:
	 * decoding proves nothing about where a value came from.
	 * @param opaqueId a positive opaque id
	 * @return the id, positive
	 * @throws IllegalArgumentException if {@code opaqueId} is not positive
	 */
	long decode(long opaqueId);

}
