package io.github.idgen.autoconfigure.text;

import io.github.idgen.format.IdFormat;
import io.github.idgen.format.IdFormatAnnotationFormatterFactory;
import io.github.idgen.text.IdTextCodec;
import org.jspecify.annotations.Nullable;

import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.MergedAnnotation;
import org.springframework.core.annotation.MergedAnnotations;

/**
 * The {@link IdFormat} of a controller method's parameter, direct or in a composed annotation.
 */
final class ParameterIdFormats {

	private ParameterIdFormats() {
	}

	/**
	 * Returns the codec of a parameter's {@link IdFormat}.
	 * @param parameter a controller method's parameter
	 * @return the codec, or null if the parameter has no {@code @IdFormat}
	 * @throws IllegalArgumentException if its prefix is invalid
	 */
	static @Nullable IdTextCodec codec(MethodParameter parameter) {
		MergedAnnotation<IdFormat> idFormat = MergedAnnotations.from(parameter.getParameterAnnotations())
			.get(IdFormat.class);
		return idFormat.isPresent() ? IdFormatAnnotationFormatterFactory.codec(idFormat.synthesize()) : null;
	}

}
