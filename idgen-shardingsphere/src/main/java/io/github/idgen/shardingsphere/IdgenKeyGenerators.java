package io.github.idgen.shardingsphere;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import io.github.idgen.snowflake.IdService;

/**
 * The id services that {@link IdgenKeyGenerateAlgorithm} issues ids from, by name. ShardingSphere
 * creates its algorithms itself, from its YAML, outside any Spring context; so the application (a
 * Spring configuration or a plain program) puts its idgen generators here, and each {@code IDGEN} key
 * generator looks its {@code generator} up when it issues ids, not when ShardingSphere creates it:
 * the two may start in either order.
 */
public final class IdgenKeyGenerators {

	private static final Map<String, IdService> SERVICES = new ConcurrentHashMap<>();

	private IdgenKeyGenerators() {
	}

	/**
	 * Registers an id service under a name, replacing the one registered under it before.
	 * @param name the name the YAML's {@code generator} property gives
	 * @param service the service that issues the ids
	 */
	public static void register(String name, IdService service) {
		if (name.isBlank()) {
			throw new IllegalArgumentException("name must not be blank");
		}
		SERVICES.put(name, service);
	}

	/**
	 * Removes the service registered under a name if it is the given one, so that an application
	 * shutting down does not remove the service of one that replaced it.
	 * @param name the name
	 * @param service the service registered under it
	 * @return whether it was removed
	 */
	public static boolean unregister(String name, IdService service) {
		return SERVICES.remove(name, service);
	}

	/**
	 * Returns the service registered under a name.
	 * @param name the name
	 * @return the service
	 * @throws IllegalStateException naming the generator and the names there are, if none is
	 * registered under it
	 */
	public static IdService get(String name) {
		IdService service = SERVICES.get(name);
		if (service == null) {
			throw new IllegalStateException("No idgen generator is registered under '" + name
					+ "' for the IDGEN key generator (its property 'generator'): call IdgenKeyGenerators.register(\""
					+ name + "\", service) before inserting; registered: " + names());
		}
		return service;
	}

	/**
	 * Returns the names registered.
	 * @return the names, sorted
	 */
	public static Set<String> names() {
		return new TreeSet<>(SERVICES.keySet());
	}

}
