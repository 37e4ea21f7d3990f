package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.regex.Pattern;

import org.springframework.validation.Errors;

/**
 * Checks that more than one of idgen's properties classes make, with messages that name the key.
 * Public only so that the properties classes of the backends' packages can use them; not meant for
 * applications.
 */
public final class PropertyChecks {

	/** A plain SQL table name, optionally qualified by a schema: letters, digits and _. */
	public static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

	/** A plain SQL column name: a letter or _, then letters, digits and _, at most 64 characters. */
	public static final Pattern COLUMN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

	private PropertyChecks() {
	}

	/**
	 * Rejects a duration shorter than its minimum, naming the key and both values.
	 * @param errors the errors of the properties object
	 * @param field the field's name in the properties class
	 * @param key the property's key, as users write it
	 * @param value the bound value
	 * @param min the smallest value allowed
	 */
	public static void requireAtLeast(Errors errors, String field, String key, Duration value, Duration min) {
		if (value.compareTo(min) < 0) {
			errors.rejectValue(field, "range", key + " must be at least " + min.toMillis() + "ms, was "
					+ value.toMillis() + "ms.");
		}
	}

}
