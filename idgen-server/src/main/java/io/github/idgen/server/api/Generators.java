package io.github.idgen.server.api;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.snowflake.UnknownGeneratorException;
import org.jspecify.annotations.Nullable;

/**
 * The Snowflake generators the API serves: the default one (the application's {@link IdService})
 * and the named ones of {@code xxx.common.generators.<name>.*} from the {@link IdGenerators}
 * registry, each with the layout that takes its ids apart. Looked up in a map made once: a request
 * costs one hash lookup.
 */
final class Generators {

	/** The default generator's name. */
	static final String DEFAULT = "default";

	private final Generator defaultGenerator;

	private final Map<String, Generator> named;

	Generators(IdService idService, SnowflakeLayout layout, IdGenerators registry) {
		this.defaultGenerator = new Generator(DEFAULT, idService, layout);
		Map<String, Generator> named = new LinkedHashMap<>();
		for (String name : registry.names()) {
			named.put(name, new Generator(name, registry.get(name), registry.layout(name)));
		}
		this.named = Map.copyOf(named);
	}

	/**
	 * Leaf's lookup ({@code /api/snowflake/get/{key}}): the generator the key names, the default one
	 * for any other key. An unknown key counts as the default generator in metrics too, so that
	 * made-up keys add no series.
	 * @param key the key of the request
	 * @return the generator
	 */
	Generator forKey(String key) {
		return this.named.getOrDefault(key, this.defaultGenerator);
	}

	/**
	 * The named generator of {@code /v1/generators/{name}}.
	 * @param name the name it was configured under
	 * @return the generator
	 * @throws UnknownGeneratorException if none has that name (404)
	 */
	Generator named(String name) {
		Generator generator = this.named.get(name);
		if (generator == null) {
			throw new UnknownGeneratorException(name, this.named.keySet());
		}
		return generator;
	}

	/**
	 * The default generator, of {@code /v1/ids}, whatever the named ones are called.
	 * @return the generator
	 */
	Generator defaultGenerator() {
		return this.defaultGenerator;
	}

	/**
	 * A generator with its name and layout.
	 *
	 * @param name the name it was configured under ({@value #DEFAULT} for the default generator)
	 * @param idService the generator
	 * @param layout the layout of its ids, with their epoch
	 */
	record Generator(String name, IdService idService, SnowflakeLayout layout) {

		/** The shard bits of its ids, 0 for ids without a shard. */
		int shardBits() {
			return this.layout.shardBits();
		}

		/** The generator as an error names it. */
		String what() {
			return "generator '" + this.name + "'";
		}

		/**
		 * The next id, carrying a shard if the generator's ids do.
		 * @param shard what {@link Parameters#shard} read, null for ids without a shard
		 */
		long nextId(@Nullable Integer shard) {
			return (shard != null) ? ((ShardedIdService) this.idService).nextId(shard) : this.idService.nextId();
		}

		/**
		 * The next ids, all carrying one shard if the generator's ids do.
		 * @param shard what {@link Parameters#shard} read, null for ids without a shard
		 * @param count how many
		 */
		Collection<Long> nextIds(@Nullable Integer shard, int count) {
			return (shard != null) ? ((ShardedIdService) this.idService).nextIds(shard, count)
					: this.idService.nextIds(count);
		}

	}

}
