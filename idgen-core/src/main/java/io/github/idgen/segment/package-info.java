/**
 * Segment (number-range) ids per business tag: ranges allocated from a store in one transaction
 * each and served from memory, with the next range preloaded in the background. Plain Java and JDBC,
 * no Spring.
 */
@NullMarked
package io.github.idgen.segment;

import org.jspecify.annotations.NullMarked;
