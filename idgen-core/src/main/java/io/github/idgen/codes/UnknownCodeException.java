package io.github.idgen.codes;

import java.util.Set;

/**
 * Thrown when a business number is asked for by a name that no code has.
 */
public class UnknownCodeException extends IllegalArgumentException {

	private static final long serialVersionUID = 1L;

	private final String name;

	/**
	 * Creates an exception.
	 * @param name the name asked for
	 * @param names the names there are
	 */
	public UnknownCodeException(String name, Set<String> names) {
		super("No business number code is named '" + name + "'; " + (names.isEmpty() ? "none is configured"
				: "the codes are " + String.join(", ", names)) + ". Configure it under xxx.common.codes." + name + ".*");
		this.name = name;
	}

	/**
	 * Returns the name that no code has.
	 * @return the name
	 */
	public String getName() {
		return this.name;
	}

}
