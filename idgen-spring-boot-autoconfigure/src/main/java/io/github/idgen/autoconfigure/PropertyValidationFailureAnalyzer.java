package io.github.idgen.autoconfigure;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.bind.DataObjectPropertyName;
import org.springframework.boot.context.properties.bind.validation.BindValidationException;
import org.springframework.boot.context.properties.bind.validation.ValidationErrors;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.origin.Origin;
import org.springframework.core.Ordered;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;

/**
 * Explains {@code xxx.common.*} values that idgen's properties classes refused, naming each key as users
 * write it ({@code xxx.common.id-data-center-id}). Spring Boot's own analysis names the Java field
 * after the prefix ({@code idDataCenterId}), a key no configuration file has; it runs after this one.
 */
class PropertyValidationFailureAnalyzer extends AbstractFailureAnalyzer<BindValidationException> implements Ordered {

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	protected @Nullable FailureAnalysis analyze(Throwable rootFailure, BindValidationException cause) {
		ValidationErrors errors = cause.getValidationErrors();
		String prefix = errors.getName().toString();
		if (!prefix.equals("xxx.common") && !prefix.startsWith("xxx.common.")) {
			return null;
		}
		StringBuilder description = new StringBuilder("idgen's configuration has values it cannot start with:\n");
		for (ObjectError error : errors) {
			if (error instanceof FieldError field) {
				description.append("\n    Property: ").append(key(prefix, field.getField()));
				description.append("\n    Value: \"").append(field.getRejectedValue()).append('"');
			}
			Origin origin = Origin.from(error);
			if (origin != null) {
				description.append("\n    Origin: ").append(origin);
			}
			description.append("\n    Reason: ").append(error.getDefaultMessage()).append('\n');
		}
		return new FailureAnalysis(description.toString(),
				"Change each property above as its reason says, in the file, environment variable or command line"
						+ " that sets it.",
				cause);
	}

	/**
	 * Returns a field's key as users write it.
	 * @param prefix the bound object's prefix, such as {@code xxx.common}
	 * @param field the field's path in the bound object, such as {@code generators[tiny].sequenceStart}
	 * @return such as {@code xxx.common.generators.tiny.sequence-start}
	 */
	static String key(String prefix, String field) {
		StringBuilder key = new StringBuilder(prefix);
		// a map's key (a generator's or a code's name, a plain word) is written as a part of the key
		for (String part : field.replaceAll("\\[([^]]+)]", ".$1").split("\\.")) {
			key.append('.').append(DataObjectPropertyName.toDashedForm(part));
		}
		return key.toString();
	}

}
