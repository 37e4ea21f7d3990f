package io.github.idgen.autoconfigure;

import java.util.List;

/**
 * Thrown at start-up when the configuration has keys under {@code xxx.common} or {@code idgen.} that
 * idgen does not know: a misspelt or wrongly prefixed key is otherwise ignored, and its default (worker
 * id 0, a mode off) taken silently.
 */
public class UnknownConfigurationKeysException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final List<String> keys;

	/**
	 * Creates an exception.
	 * @param keys each unknown key with where it was set and the nearest known key, such as
	 * {@code xxx.common.worker-id (class path resource [application.yml] - 3:16): the nearest known key is
	 * xxx.common.id-worker-id}
	 */
	public UnknownConfigurationKeysException(List<String> keys) {
		super("idgen does not know " + ((keys.size() == 1) ? "the configuration key " + keys.get(0)
				: "these configuration keys:\n    " + String.join("\n    ", keys)));
		this.keys = List.copyOf(keys);
	}

	/**
	 * Returns the unknown keys.
	 * @return each with where it was set and the nearest known key
	 */
	public List<String> getKeys() {
		return this.keys;
	}

}
