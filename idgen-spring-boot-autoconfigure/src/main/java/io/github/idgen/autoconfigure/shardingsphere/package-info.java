/**
 * Auto-configuration that hands the application's generators to idgen-shardingsphere's key
 * generators.
 */
@NullMarked
package io.github.idgen.autoconfigure.shardingsphere;

import org.jspecify.annotations.NullMarked;
