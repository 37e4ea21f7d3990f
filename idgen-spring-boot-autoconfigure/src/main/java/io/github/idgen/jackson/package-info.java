/**
 * JSON support: {@link io.github.idgen.jackson.JsonId} writes 64-bit ids as strings, which
 * JavaScript clients read exactly: decimal, or the short base62 or base36 text of
 * {@link io.github.idgen.text.IdTextCodec}. The decimal form needs only Jackson's annotations; the
 * short forms need Jackson 3's databind, which Spring Boot brings.
 */
@NullMarked
package io.github.idgen.jackson;

import org.jspecify.annotations.NullMarked;
