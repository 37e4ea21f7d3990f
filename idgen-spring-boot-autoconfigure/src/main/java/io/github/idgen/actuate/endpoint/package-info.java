/**
 * The {@code idgen} and {@code idgenSegments} Actuator endpoints.
 */
@NullMarked
package io.github.idgen.actuate.endpoint;

import org.jspecify.annotations.NullMarked;
