package io.github.idgen.autoconfigure.aot;

import java.util.List;

/**
 * Thrown when an application starts on Spring AOT's generated code with settings that decide
 * idgen's conditions otherwise than at build time: the generated beans are another configuration's.
 */
public class FrozenConditionsChangedException extends IllegalStateException {

	private final List<String> changes;

	/**
	 * Creates an exception.
	 * @param changes each setting that differs, with its value at build time and now
	 */
	public FrozenConditionsChangedException(List<String> changes) {
		super("The application runs on Spring AOT's generated code (spring.aot.enabled=true), which holds the"
				+ " beans of the settings it was generated with, and these settings differ now: "
				+ String.join("; ", changes) + ".");
		this.changes = List.copyOf(changes);
	}

	/**
	 * Returns the settings that differ.
	 * @return each setting, with its value at build time and now
	 */
	public List<String> getChanges() {
		return this.changes;
	}

}
