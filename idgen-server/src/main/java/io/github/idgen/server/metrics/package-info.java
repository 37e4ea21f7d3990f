/**
 * Metrics of idgen-server: HTTP requests per endpoint and tag.
 */
@NullMarked
package io.github.idgen.server.metrics;

import org.jspecify.annotations.NullMarked;
