/**
 * Health of idgen's {@link io.github.idgen.snowflake.IdService} and of its segment ids, for Spring Boot's health endpoint.
 */
@NullMarked
package io.github.idgen.health;

import org.jspecify.annotations.NullMarked;
