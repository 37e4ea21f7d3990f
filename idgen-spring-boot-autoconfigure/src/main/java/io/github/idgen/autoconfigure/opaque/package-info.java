/**
 * Auto-configuration of opaque ids ({@code xxx.common.opaque-id-key} set): the FF1 codec and the
 * {@link io.github.idgen.opaque.OpaqueIdService}, and the failure analyzer of an invalid key.
 */
@NullMarked
package io.github.idgen.autoconfigure.opaque;

import org.jspecify.annotations.NullMarked;
