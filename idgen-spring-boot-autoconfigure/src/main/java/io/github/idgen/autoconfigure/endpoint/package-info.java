/**
 * Auto-configuration of idgen's {@code idgen} Actuator endpoint.
 */
@NullMarked
package io.github.idgen.autoconfigure.endpoint;

import org.jspecify.annotations.NullMarked;
