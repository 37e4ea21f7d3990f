package io.github.idgen.text;

import java.util.Collection;
import java.util.List;
import java.util.Objects;

import io.github.idgen.snowflake.IdService;

/**
 * Issues the ids of an {@link IdService} as text ({@link IdTextCodec}), for places where ids are
 * read, typed or carried in URLs. Any {@code IdService} works: the Snowflake one, a segment tag's
 * ({@code SegmentIdServices.forTag(...)}) or a named generator:
 *
 * <pre>{@code
 * IdTextService orderIds = new IdTextService(idService, IdTextCodec.base62().withPrefix("ord_"));
 * String id = orderIds.nextId();           // "ord_2Wu1XpwiWn3"
 * long key = orderIds.decode(id);          // the long to store
 * }</pre>
 *
 * The texts increase as the ids do, in {@link String#compareTo} order. Keep the {@code long} as the
 * primary key (eight bytes, a compact index) and write the text at the edge; {@link #decode} turns a
 * text from a request back into it. Thread-safe if the {@code IdService} is.
 */
public final class IdTextService {

	private final IdService idService;

	private final IdTextCodec codec;

	/**
	 * Creates a service that issues the ids of {@code idService} through {@code codec}.
	 * @param idService issues the ids
	 * @param codec writes them as text and reads them back
	 */
	public IdTextService(IdService idService, IdTextCodec codec) {
		this.idService = Objects.requireNonNull(idService, "idService must not be null");
		this.codec = Objects.requireNonNull(codec, "codec must not be null");
	}

	/**
	 * Returns the text of the next id.
	 * @return the text, greater ({@link String#compareTo}) than every text this service returned
	 * before
	 */
	public String nextId() {
		return this.codec.encode(this.idService.nextId());
	}

	/**
	 * Returns the texts of {@code num} ids, in increasing order.
	 * @param num how many, from 1 to {@link IdService#MAX_BATCH_SIZE}
	 * @return the texts, unmodifiable
	 * @throws IllegalArgumentException if {@code num} is outside 1..{@link IdService#MAX_BATCH_SIZE}
	 */
	public List<String> nextIds(int num) {
		Collection<Long> ids = this.idService.nextIds(num);
		String[] texts = new String[ids.size()];
		int i = 0;
		for (long id : ids) {
			texts[i++] = this.codec.encode(id);
		}
		return List.of(texts);
	}

	/**
	 * Returns the text of an id issued earlier, such as a primary key read from the database.
	 * @param id a non-negative id
	 * @return its text
	 * @throws IdTextException if {@code id} is negative
	 */
	public String encode(long id) {
		return this.codec.encode(id);
	}

	/**
	 * Returns the id of a text.
	 * @param text a text of this service's codec
	 * @return the id; any well-formed text decodes, so check that the id exists where it matters
	 * @throws IdTextException if the text is malformed
	 */
	public long decode(CharSequence text) {
		return this.codec.decode(text);
	}

	/**
	 * Returns the codec.
	 * @return the format and prefix of the texts
	 */
	public IdTextCodec codec() {
		return this.codec;
	}

}
