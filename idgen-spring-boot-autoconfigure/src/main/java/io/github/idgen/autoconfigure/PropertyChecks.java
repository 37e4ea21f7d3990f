package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.regex.Pattern;

import org.springframework.validation.Errors;

/**
 * Checks that more than one of idgen's properties classes make, with messages that name the key.
 */
final class PropertyChecks {

	/** A plain SQL table name, optionally qualified by a schema: letters, digits and _. */
	static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

	private PropertyChecks() {
	}

	static void requireAtLeast(Errors errors, String field, String key, Duration value, Duration min) {
		if (value.compareTo(min) < 0) {
			errors.rejectValue(field, "range", key + " must be at least " + min.toMillis() + "ms, was "
					+ value.toMillis() + "ms.");
		}
	}

}
