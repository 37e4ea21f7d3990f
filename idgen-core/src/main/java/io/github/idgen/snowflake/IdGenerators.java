package io.github.idgen.snowflake;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.shard.Shards;

/**
 * The named generators of an application, by name: each an {@link IdService} of its own layout and
 * state, sharing the application's node id, so ids of one generator never repeat across instances.
 * Ids of different generators are different id spaces (as tables are) and may be equal. The default
 * generator, the application's {@code IdService}, is not one of them. A generator with shard bits is a
 * {@link ShardedGenerator}, given as a {@link ShardedIdService} by {@link #sharded(String)}.
 * <p>
 * Closing the registry closes the generators that need it (those that issue under a lease).
 */
public final class IdGenerators implements AutoCloseable {

	private final Map<String, Entry> generators;

	private IdGenerators(Map<String, Entry> generators) {
		this.generators = Collections.unmodifiableMap(new LinkedHashMap<>(generators));
	}

	/**
	 * Starts a builder.
	 * @return a new builder
	 */
	public static Builder builder() {
		return new Builder();
	}

	/**
	 * Returns the generator of a name.
	 * @param name the name it was configured under
	 * @return the generator
	 * @throws UnknownGeneratorException if no generator has that name
	 */
	public IdService get(String name) {
		return entry(name).service();
	}

	/**
	 * Returns the generator of a name whose ids carry a shard.
	 * @param name the name it was configured under
	 * @return the generator
	 * @throws UnknownGeneratorException if no generator has that name
	 * @throws IllegalArgumentException if the generator's ids carry no shard
	 */
	public ShardedIdService sharded(String name) {
		if (entry(name).service() instanceof ShardedIdService sharded) {
			return sharded;
		}
		throw new IllegalArgumentException("Generator '" + name + "' issues ids without a shard: set"
				+ " xxx.common.generators." + name + ".shard-bits (1 to " + Shards.MAX_SHARD_BITS
				+ ") for ids that carry one, or call get(\"" + name + "\")");
	}

	/**
	 * Returns the layout of a generator's ids, with their epoch: what takes them apart.
	 * @param name the generator's name
	 * @return its layout
	 * @throws UnknownGeneratorException if no generator has that name
	 */
	public SnowflakeLayout layout(String name) {
		return entry(name).layout();
	}

	/**
	 * Returns the names of the generators, in the order they were configured.
	 * @return the names; empty if there are none
	 */
	public Set<String> names() {
		return this.generators.keySet();
	}

	/**
	 * Returns whether a generator has the name.
	 * @param name a name
	 * @return whether {@link #get(String)} gives a generator for it
	 */
	public boolean contains(String name) {
		return this.generators.containsKey(name);
	}

	private Entry entry(String name) {
		Entry entry = this.generators.get(name);
		if (entry == null) {
			throw new UnknownGeneratorException(name, names());
		}
		return entry;
	}

	/**
	 * Closes every generator that is {@link AutoCloseable}.
	 * @throws Exception the first failure, with the others suppressed
	 */
	@Override
	public void close() throws Exception {
		Exception failure = null;
		for (Entry entry : this.generators.values()) {
			if (entry.service() instanceof AutoCloseable closeable) {
				try {
					closeable.close();
				}
				catch (Exception ex) {
					if (failure == null) {
						failure = ex;
					}
					else {
						failure.addSuppressed(ex);
					}
				}
			}
		}
		if (failure != null) {
			throw failure;
		}
	}

	@Override
	public String toString() {
		return "IdGenerators" + names();
	}

	private record Entry(IdService service, SnowflakeLayout layout) {
	}

	/**
	 * Builds an {@link IdGenerators}.
	 */
	public static final class Builder {

		private final Map<String, Entry> generators = new LinkedHashMap<>();

		private Builder() {
		}

		/**
		 * Adds a generator.
		 * @param name its name, unique
		 * @param service the generator
		 * @param layout the layout of its ids, with their epoch
		 * @return this builder
		 * @throws IllegalArgumentException if the name is taken
		 */
		public Builder add(String name, IdService service, SnowflakeLayout layout) {
			Entry entry = new Entry(Objects.requireNonNull(service, "service must not be null"),
					Objects.requireNonNull(layout, "layout must not be null"));
			if (this.generators.putIfAbsent(Objects.requireNonNull(name, "name must not be null"), entry) != null) {
				throw new IllegalArgumentException("A generator named '" + name + "' was added before");
			}
			return this;
		}

		/**
		 * Adds a generator whose layout it knows.
		 * @param name its name, unique
		 * @param generator the generator
		 * @return this builder
		 * @throws IllegalArgumentException if the name is taken
		 */
		public Builder add(String name, IdServiceTwitter generator) {
			return add(name, generator, generator.getLayout());
		}

		/**
		 * Adds a generator whose ids carry a shard.
		 * @param name its name, unique
		 * @param generator the generator
		 * @return this builder
		 * @throws IllegalArgumentException if the name is taken
		 */
		public Builder add(String name, ShardedGenerator generator) {
			return add(name, generator, generator.getLayout());
		}

		/**
		 * Builds the registry.
		 * @return the registry
		 */
		public IdGenerators build() {
			return new IdGenerators(this.generators);
		}

	}

}
