package io.github.idgen.server.api;

import io.github.idgen.snowflake.IdService;

/**
 * The Snowflake generator a key of {@code /api/snowflake/get/{key}} names. Today every key gets the
 * default {@link IdService}, as the contract says of unknown names; once named generators exist, a
 * bean of this type that looks the key up in their registry (falling back to the default) replaces
 * {@code ApiConfiguration}'s.
 */
@FunctionalInterface
public interface Generators {

	/**
	 * Returns the generator a key names.
	 * @param key the key of the request
	 * @return the generator and the name it goes by in metrics
	 */
	Generator forKey(String key);

	/**
	 * A generator with its name.
	 *
	 * @param name the name in metrics ({@code default} for the default generator)
	 * @param idService the generator
	 */
	record Generator(String name, IdService idService) {
	}

}
