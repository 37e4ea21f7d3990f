package io.github.idgen.autoconfigure;

import java.util.Arrays;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.bind.BindException;
import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.origin.Origin;
import org.springframework.core.Ordered;
import org.springframework.core.convert.ConversionFailedException;

/**
 * Explains a value of an enum-valued {@code xxx.common.*} key that is none of its values, in the words
 * users write ({@code twitter, javascript-safe, custom}). Spring Boot's own analysis quotes
 * {@code No enum constant ….IdLayout.jssafe} and lists the Java constants ({@code JAVASCRIPT_SAFE}),
 * which the configuration does not use; it runs after this one.
 */
class EnumPropertyFailureAnalyzer extends AbstractFailureAnalyzer<BindException> implements Ordered {

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	protected @Nullable FailureAnalysis analyze(Throwable rootFailure, BindException cause) {
		String key = cause.getName().toString();
		Class<?> type = enumType(cause);
		if (!key.startsWith("xxx.common.") || type == null) {
			return null;
		}
		String values = Arrays.stream(type.getEnumConstants())
			.map((constant) -> LayoutKeys.kebab(((Enum<?>) constant).name()))
			.collect(Collectors.joining(", "));
		ConfigurationProperty property = cause.getProperty();
		Object value = (property != null) ? property.getValue() : null;
		Origin origin = (property != null) ? property.getOrigin() : null;
		String description = key + " is '" + value + "', which is not one of its values: " + values + "."
				+ ((origin != null) ? " (set in " + origin + ")" : "");
		String action = "Set " + key + " to one of " + values + ".";
		return new FailureAnalysis(description, action, cause);
	}

	private static @Nullable Class<?> enumType(BindException bindFailure) {
		for (Throwable failure = bindFailure.getCause(); failure != null; failure = failure.getCause()) {
			if (failure instanceof ConversionFailedException conversion) {
				Class<?> type = conversion.getTargetType().getType();
				return type.isEnum() ? type : null;
			}
		}
		return null;
	}

}
