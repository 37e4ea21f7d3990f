/**
 * Micrometer meters of idgen's {@link io.github.idgen.snowflake.IdService} and of its segment ids.
 */
@NullMarked
package io.github.idgen.metrics;

import org.jspecify.annotations.NullMarked;
