/**
 * Business numbers (codes) such as {@code ORD20261124000123}: a pattern of literal text, date fields
 * and a zero-padded sequence, whose sequence restarts every day, month or year. Each period has its own
 * segment tag, created like the code's tag the first time it is needed and served from memory like
 * any tag. Plain Java, no Spring.
 */
@NullMarked
package io.github.idgen.codes;

import org.jspecify.annotations.NullMarked;
