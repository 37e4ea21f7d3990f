/**
 * Auto-configuration of idgen's health contributor.
 */
@NullMarked
package io.github.idgen.autoconfigure.health;

import org.jspecify.annotations.NullMarked;
