/**
 * MyBatis-Plus support: an {@code IdentifierGenerator} backed by an
 * {@link io.github.idgen.snowflake.IdService}. Plain Java: no Spring.
 */
@NullMarked
package io.github.idgen.mybatisplus;

import org.jspecify.annotations.NullMarked;
