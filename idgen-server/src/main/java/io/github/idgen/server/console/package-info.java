/**
 * The console: a static page at {@code /console/} that reads the server's JSON endpoints with the
 * operator's token, and the endpoint of what only the server knows ({@code /actuator/idgenServer}).
 */
@NullMarked
package io.github.idgen.server.console;

import org.jspecify.annotations.NullMarked;
