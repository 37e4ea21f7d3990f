/**
 * What the JDBC users of the library (the worker-id lease, the segment store) do alike to a
 * connection they borrow from the application's pool: settings changed for one request and put
 * back. Plain JDBC, no Spring.
 */
@NullMarked
package io.github.idgen.sql;

import org.jspecify.annotations.NullMarked;
