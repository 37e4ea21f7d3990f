/**
 * The HTTP API of idgen-server: Leaf's {@code /api/*} and {@code /v1}.
 */
@NullMarked
package io.github.idgen.server.api;

import org.jspecify.annotations.NullMarked;
