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
 * Explains a value of an {@code xxx.common.*} key that takes a choice, an enum or a switch, which is
 * none of its values, in the words users write ({@code twitter, javascript-safe, custom};
 * {@code true or false}). Spring Boot's own analysis quotes {@code No enum constant ….IdLayout.jssafe}
 * and lists the Java constants ({@code JAVASCRIPT_SAFE}), which the configuration does not use, and
 * for a switch only says to update the configuration; it runs after this one.
 */
class PropertyChoiceFailureAnalyzer extends AbstractFailureAnalyzer<BindException> implements Ordered {

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	protected @Nullable FailureAnalysis analyze(Throwable rootFailure, BindException cause) {
		String key = cause.getName().toString();
		Class<?> type = targetType(cause);
		boolean aSwitch = type == Boolean.class || type == boolean.class;
		if (!key.startsWith("xxx.common.") || type == null || !(type.isEnum() || aSwitch)) {
			return null;
		}
		ConfigurationProperty property = cause.getProperty();
		Object value = (property != null) ? property.getValue() : null;
		Origin origin = (property != null) ? property.getOrigin() : null;
		String setIn = (origin != null) ? " (set in " + origin + ")" : "";
		if (aSwitch) {
			return new FailureAnalysis(key + " is '" + value + "', which is no boolean" + setIn + ".",
					"Set " + key + " to true or false (yes/no, on/off and 1/0 are read the same).", cause);
		}
		String values = Arrays.stream(type.getEnumConstants())
			.map((constant) -> LayoutKeys.kebab(((Enum<?>) constant).name()))
			.collect(Collectors.joining(", "));
		return new FailureAnalysis(key + " is '" + value + "', which is not one of its values: " + values + "." + setIn,
				"Set " + key + " to one of " + values + ".", cause);
	}

	private static @Nullable Class<?> targetType(BindException bindFailure) {
		for (Throwable failure = bindFailure.getCause(); failure != null; failure = failure.getCause()) {
			if (failure instanceof ConversionFailedException conversion) {
				return conversion.getTargetType().getType();
			}
		}
		return null;
	}

}
