package io.github.idgen.jackson;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.annotation.JsonFormat;
import io.github.idgen.text.IdTextCodec;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;

/**
 * Writes a 64-bit id as a JSON string ({@code "2124017990742663169"}) instead of a number, and reads
 * it back from a string or a number. JavaScript parses JSON numbers into doubles, which hold
 * integers exactly only up to 2^53; Snowflake ids are larger, so a browser would silently round
 * them ({@code 2124017990742663169} becomes {@code 2124017990742663200}) and then ask for the wrong
 * row. Put it on a {@code long} or {@code Long} property, or on a collection or {@code Long[]} of
 * them (not on a {@code long[]}: Jackson writes primitive arrays as numbers whatever the shape):
 *
 * <pre>{@code
 * record Order(@JsonId long id, @JsonId List<Long> lineIds, String customer) {}
 * }</pre>
 *
 * With a {@link #format()} of {@link Format#BASE62 BASE62} or {@link Format#BASE36 BASE36} (and an
 * optional {@link #prefix()}) the ids are written as the fixed-width text of {@link IdTextCodec}
 * ({@code "ord_2Wu1XpwiWn3"}) and read back only from such text; a malformed one fails with
 * Jackson's {@code InvalidFormatException}, whose message names the property and the problem:
 *
 * <pre>{@code
 * record Order(@JsonId(format = Format.BASE62, prefix = "ord_") long id,
 *         @JsonId(format = Format.BASE62) List<Long> lineIds) {}
 * }</pre>
 *
 * A composed annotation, so nothing needs registering: Spring Boot's {@code JsonMapper} and a plain one
 * both understand it. An invalid prefix, or a short format on a property of another type, fails when
 * the mapper first meets the class ({@code InvalidDefinitionException}).
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
		ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@JacksonAnnotationsInside
@JsonFormat(shape = JsonFormat.Shape.STRING)
@JsonSerialize(using = JsonIdSerializer.class, contentUsing = JsonIdSerializer.Element.class)
@JsonDeserialize(using = JsonIdDeserializer.class, contentUsing = JsonIdDeserializer.Element.class)
public @interface JsonId {

	/**
	 * How the ids are written.
	 * @return the form of the ids in JSON
	 */
	Format format() default Format.DECIMAL;

	/**
	 * What every id's text starts with, such as {@code ord_}, with {@link Format#BASE62} or
	 * {@link Format#BASE36}: URL-safe characters ending with {@code -}, {@code .}, {@code _} or
	 * {@code ~} ({@link IdTextCodec#withPrefix(String)}).
	 * @return the prefix, empty for none
	 */
	String prefix() default "";

	/**
	 * The forms of an id in JSON.
	 */
	enum Format {

		/**
		 * The decimal number as a string, {@code "2124017990742663169"}; read from such a string or
		 * from a JSON number.
		 */
		DECIMAL,

		/**
		 * {@link io.github.idgen.text.IdTextFormat#BASE62}: 11 characters of {@code 0-9A-Za-z},
		 * {@code "2Wu1XpwiWn3"}.
		 */
		BASE62,

		/**
		 * {@link io.github.idgen.text.IdTextFormat#BASE36}: 13 characters of {@code 0-9a-z},
		 * {@code "0g4xxjef4syyp"}.
		 */
		BASE36

	}

}
