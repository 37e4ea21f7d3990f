/**
 * JSON support: {@link io.github.idgen.jackson.JsonId} writes 64-bit ids as strings, which
 * JavaScript clients read exactly. Needs only Jackson's annotations.
 */
@NullMarked
package io.github.idgen.jackson;

import org.jspecify.annotations.NullMarked;
