/**
 * Auto-configuration of ids as text in a user's web application: {@code @IdFormat} path variables
 * and request parameters in Spring MVC and WebFlux, and 400 answers that name the parameter when one
 * is malformed.
 */
@NullMarked
package io.github.idgen.autoconfigure.text;

import org.jspecify.annotations.NullMarked;
