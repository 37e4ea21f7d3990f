/**
 * What the JDBC users of the library (the worker-id lease, the segment store) do alike to a
 * connection they borrow from the application's pool: a transaction other code left open ended,
 * settings changed for one request and put back. Plain JDBC (and what PostgreSQL's and MariaDB's
 * drivers say of the server's transaction, when the application uses them), no Spring.
 */
@NullMarked
package io.github.idgen.sql;

import org.jspecify.annotations.NullMarked;
