package io.github.idgen.codes;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The business number codes of an application, by name.
 */
public final class Codes {

	private final Map<String, BusinessNumbers> codes;

	/**
	 * Creates the registry.
	 * @param codes the codes, by name, in the order they are listed
	 */
	public Codes(Map<String, BusinessNumbers> codes) {
		this.codes = Collections.unmodifiableMap(new LinkedHashMap<>(codes));
	}

	/**
	 * Returns the code of a name.
	 * @param name the name it was configured under
	 * @return its business numbers
	 * @throws UnknownCodeException if no code has that name
	 */
	public BusinessNumbers get(String name) {
		BusinessNumbers code = this.codes.get(name);
		if (code == null) {
			throw new UnknownCodeException(name, names());
		}
		return code;
	}

	/**
	 * Returns the names of the codes.
	 * @return the names, in the order they were configured; empty if there are none
	 */
	public Set<String> names() {
		return this.codes.keySet();
	}

	@Override
	public String toString() {
		return "Codes" + names();
	}

}
