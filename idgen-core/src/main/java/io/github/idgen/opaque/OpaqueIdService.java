package io.github.idgen.opaque;

import java.util.Collection;
import java.util.Objects;

import io.github.idgen.snowflake.IdService;

/**
 * Issues the ids of an {@link IdService} in their opaque form ({@link IdCodec}), for places where
 * ids are seen from outside (URLs, API payloads) and must not reveal when they were issued, by
 * which node, or how many were issued in between.
 * <p>
 * Opaque ids are unique, because the ids are and the codec is a bijection, but they do not
 * increase: this is deliberately not an {@link IdService}, whose ids strictly increase. Keep the
 * plain id as the primary key (B-tree indexes like increasing keys) and encode it at the API edge;
 * {@link #decode(long)} turns an opaque id from a request back into it.
 */
public final class OpaqueIdService {

	private final IdService idService;

	private final IdCodec codec;

	/**
	 * Creates a service that issues the ids of {@code idService} through {@code codec}.
	 * @param idService issues the ids
	 * @param codec turns them into opaque ids and back
	 */
	public OpaqueIdService(IdService idService, IdCodec codec) {
		this.idService = Objects.requireNonNull(idService, "idService must not be null");
		this.codec = Objects.requireNonNull(codec, "codec must not be null");
	}

	/**
	 * Returns the opaque form of the next id.
	 * @return a positive opaque id, different from every other this service returns
	 */
	public long nextId() {
		return this.codec.encode(this.idService.nextId());
	}

	/**
	 * Returns the opaque forms of {@code num} ids, in the order the ids were issued (which is not
	 * the order of the opaque values).
	 * @param num how many, from 1 to {@link IdService#MAX_BATCH_SIZE}
	 * @return the opaque ids, in a new array
	 * @throws IllegalArgumentException if {@code num} is outside 1..{@link IdService#MAX_BATCH_SIZE}
	 */
	public long[] nextIds(int num) {
		Collection<Long> ids = this.idService.nextIds(num);
		long[] opaqueIds = new long[ids.size()];
		int i = 0;
		for (long id : ids) {
			opaqueIds[i++] = this.codec.encode(id);
		}
		return opaqueIds;
	}

	/**
	 * Returns the id whose opaque form this is.
	 * @param opaqueId a positive opaque id
	 * @return the id; any positive value decodes, so check that the id exists where it matters
	 * @throws IllegalArgumentException if {@code opaqueId} is not positive
	 */
	public long decode(long opaqueId) {
		return this.codec.decode(opaqueId);
	}

	/**
	 * Returns the opaque form of an id issued earlier, such as a primary key read from the database.
	 * @param id a positive id
	 * @return its opaque form
	 * @throws IllegalArgumentException if {@code id} is not positive
	 */
	public long encode(long id) {
		return this.codec.encode(id);
	}

}
