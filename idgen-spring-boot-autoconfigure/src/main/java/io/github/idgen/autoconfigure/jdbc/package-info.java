/**
 * Auto-configuration of JDBC mode ({@code xxx.common.jdbc-enabled=true}): the worker id leased as a
 * row of a table in the application's database, its properties and failure analyzer.
 */
@NullMarked
package io.github.idgen.autoconfigure.jdbc;

import org.jspecify.annotations.NullMarked;
