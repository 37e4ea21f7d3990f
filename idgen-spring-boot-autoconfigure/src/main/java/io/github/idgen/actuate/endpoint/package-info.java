/**
 * The {@code idgen} Actuator endpoint.
 */
@NullMarked
package io.github.idgen.actuate.endpoint;

import org.jspecify.annotations.NullMarked;
