package io.github.idgen.server;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.context.annotation.Conditional;

/**
 * Matches while one of the server's {@code idgen.server.*.enabled} switches is on, read as
 * {@link IdgenServerProperties} binds it ({@code yes}, {@code on} and {@code 1} are true there, as in
 * every Spring Boot setting), so that what is served never disagrees with the settings; on when not
 * set. A value that is no boolean stops the start, naming the switch.
 */
@Target({ ElementType.TYPE, ElementType.METHOD })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Conditional(OnServerSwitchCondition.class)
public @interface ConditionalOnServerSwitch {

	/**
	 * The switch, such as {@code idgen.server.console.enabled}.
	 * @return its key
	 */
	String value();

}
