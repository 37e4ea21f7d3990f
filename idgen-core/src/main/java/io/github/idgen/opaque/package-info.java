/**
 * Opaque ids: a keyed bijection of the positive {@code long}s ({@link io.github.idgen.opaque.Ff1IdCodec},
 * FF1 format-preserving encryption) and {@link io.github.idgen.opaque.OpaqueIdService}, which issues
 * ids of an {@link io.github.idgen.snowflake.IdService} through it, so that ids shown to the outside
 * reveal neither time nor volume. Plain Java and Bouncy Castle: no Spring.
 */
@NullMarked
package io.github.idgen.opaque;

import org.jspecify.annotations.NullMarked;
