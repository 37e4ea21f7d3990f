/**
 * Auto-configuration of idgen's Micrometer meters.
 */
@NullMarked
package io.github.idgen.autoconfigure.metrics;

import org.jspecify.annotations.NullMarked;
