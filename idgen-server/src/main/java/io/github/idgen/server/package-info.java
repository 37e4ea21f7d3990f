/**
 * idgen-server: the id service on the idgen starter. Its mode (demo or service), its own settings
 * ({@code idgen.server.*}) and the checks that refuse an unsafe configuration.
 */
@NullMarked
package io.github.idgen.server;

import org.jspecify.annotations.NullMarked;
