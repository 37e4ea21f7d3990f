/**
 * The console on Actuator's own port: a management context configuration, which must stay out of
 * the application's component scan (of {@code io.github.idgen.server}), or its files would be
 * served on the API's port too.
 */
@NullMarked
package io.github.idgen.management.console;

import org.jspecify.annotations.NullMarked;
