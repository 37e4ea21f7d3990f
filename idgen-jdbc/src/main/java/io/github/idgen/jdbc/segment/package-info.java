/**
 * The JDBC segment store: a tag's ranges taken from a table of the application's database
 * ({@code idgen_segment}, or a table of the same shape), one transaction per range. Plain JDBC on a
 * {@code javax.sql.DataSource}; no Spring in this package. The segment ids themselves, and the
 * {@link io.github.idgen.segment.SegmentStore} API this store implements, are in idgen-core.
 */
@NullMarked
package io.github.idgen.jdbc.segment;

import org.jspecify.annotations.NullMarked;
