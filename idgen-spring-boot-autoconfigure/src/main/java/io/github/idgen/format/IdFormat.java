package io.github.idgen.format;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import io.github.idgen.text.IdTextCodec;
import io.github.idgen.text.IdTextFormat;

/**
 * Reads a {@code long} or {@code Long} from the short text of {@link IdTextCodec}, and writes it so,
 * wherever Spring converts with formatters: path variables and request parameters of Spring MVC and
 * WebFlux controllers (idgen's auto-configuration registers
 * {@link IdFormatAnnotationFormatterFactory}), fields of bound objects, links built with
 * {@code MvcUriComponentsBuilder}. The counterpart of Spring's {@code @NumberFormat}:
 *
 * <pre>{@code
 * @GetMapping("/orders/{id}")
 * Order order(@PathVariable @IdFormat(format = IdTextFormat.BASE62, prefix = "ord_") long id) { ... }
 * }</pre>
 *
 * A malformed text is a {@code 400 Bad Request} naming the parameter, as any conversion failure of a
 * request value is. An invalid prefix on a controller's parameter stops the application at start-up.
 */
@Target({ ElementType.PARAMETER, ElementType.FIELD, ElementType.METHOD, ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface IdFormat {

	/**
	 * The alphabet.
	 * @return base62 or base36
	 */
	IdTextFormat format();

	/**
	 * What every id's text starts with, such as {@code ord_}: URL-safe characters ending with
	 * {@code -}, {@code .}, {@code _} or {@code ~} ({@link IdTextCodec#withPrefix(String)}).
	 * @return the prefix, empty for none
	 */
	String prefix() default "";

}
