/**
 * Ids as short, fixed-width text that sorts like the number: {@link io.github.idgen.text.IdTextCodec}
 * (base62 or base36, with an optional prefix such as {@code ord_}) and
 * {@link io.github.idgen.text.IdTextService}, which issues the ids of any
 * {@link io.github.idgen.snowflake.IdService} in that form. Plain Java: no Spring.
 */
@NullMarked
package io.github.idgen.text;

import org.jspecify.annotations.NullMarked;
