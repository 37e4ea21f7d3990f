/**
 * Auto-configuration that makes the application's readiness follow whether ids are issued.
 */
@NullMarked
package io.github.idgen.autoconfigure.readiness;

import org.jspecify.annotations.NullMarked;
