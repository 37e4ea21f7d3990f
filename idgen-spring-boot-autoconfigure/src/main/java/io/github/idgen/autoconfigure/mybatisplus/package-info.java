/**
 * Auto-configuration of idgen's MyBatis-Plus support.
 */
@NullMarked
package io.github.idgen.autoconfigure.mybatisplus;

import org.jspecify.annotations.NullMarked;
