package io.github.idgen.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches while every named switch has the value {@link #havingValue()}, each read as the
 * properties classes bind it: {@code true}, {@code yes}, {@code on} and {@code 1} are true and
 * {@code false}, {@code no}, {@code off} and {@code 0} false, in any case, as in every Spring Boot
 * setting, so that what is configured never disagrees with what the settings show. A value that is no
 * boolean stops the start, naming the switch. ({@code @ConditionalOnBooleanProperty} compares the
 * text with {@code true} instead, so that {@code xxx.common.jdbc-enabled=yes} left the application
 * with no {@code IdService} at all.)
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnSwitchCondition.class)
public @interface ConditionalOnSwitch {

	/**
	 * The switches, such as {@code xxx.common.jdbc-enabled}.
	 * @return their keys
	 */
	String[] value();

	/**
	 * The value every switch must have.
	 * @return {@code true} unless the condition asks for switches that are off
	 */
	boolean havingValue() default true;

	/**
	 * Whether a switch that is not set counts as having {@link #havingValue()}.
	 * @return {@code false} unless an unset switch should match
	 */
	boolean matchIfMissing() default false;

}
