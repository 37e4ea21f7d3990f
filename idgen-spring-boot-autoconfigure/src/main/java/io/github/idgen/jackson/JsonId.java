package io.github.idgen.jackson;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import com.fasterxml.jackson.annotation.JacksonAnnotationsInside;
import com.fasterxml.jackson.annotation.JsonFormat;

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
 * A composed annotation, so nothing needs registering: Spring Boot's {@code JsonMapper} and a plain one
 * both understand it.
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.RECORD_COMPONENT,
		ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@JacksonAnnotationsInside
@JsonFormat(shape = JsonFormat.Shape.STRING)
public @interface JsonId {

}
