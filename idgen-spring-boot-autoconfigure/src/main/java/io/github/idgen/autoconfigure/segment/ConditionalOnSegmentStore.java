package io.github.idgen.autoconfigure.segment;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches while {@code xxx.common.segment-store}, bound as {@link SegmentProperties} binds it (any
 * case, surrounding spaces, {@code jdbc} when not set), is the given store. A text comparison, as
 * {@code @ConditionalOnProperty} makes, saw {@code redis } with the space a {@code .properties} file
 * keeps as no store at all, while the properties said Redis; a value that is no store stops the start
 * naming the values it takes.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnSegmentStoreCondition.class)
public @interface ConditionalOnSegmentStore {

	/**
	 * The store.
	 * @return the store that must be chosen
	 */
	SegmentStoreType value();

}
