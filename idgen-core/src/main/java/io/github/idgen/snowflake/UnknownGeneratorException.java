package io.github.idgen.snowflake;

import java.util.Set;

/**
 * Thrown when a generator is asked for by a name that none has.
 */
public class UnknownGeneratorException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String name;

	/**
	 * Creates an exception.
	 * @param name the name asked for
	 * @param names the names there are
	 */
	public UnknownGeneratorException(String name, Set<String> names) {
		super("No id generator is named '" + name + "'; " + (names.isEmpty() ? "none is configured"
				: "the generators are " + String.join(", ", names))
				+ ". Configure it under xxx.common.generators." + name + ".*");
		this.name = name;
	}

	/**
	 * Returns the name that no generator has.
	 * @return the name
	 */
	public String getName() {
		return this.name;
	}

}
