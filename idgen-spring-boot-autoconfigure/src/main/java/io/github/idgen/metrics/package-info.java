/**
 * Micrometer meters of idgen's {@link io.github.idgen.snowflake.IdService}.
 */
@NullMarked
package io.github.idgen.metrics;

import org.jspecify.annotations.NullMarked;
