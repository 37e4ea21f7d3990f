/**
 * JDBC mode: each instance leases its worker id as a row of a table in the application's database,
 * renewed by conditional updates, and issues ids only while it can prove the row is its own. Plain
 * JDBC on a {@code javax.sql.DataSource}; no Spring in this package.
 */
@NullMarked
package io.github.idgen.jdbc;

import org.jspecify.annotations.NullMarked;
