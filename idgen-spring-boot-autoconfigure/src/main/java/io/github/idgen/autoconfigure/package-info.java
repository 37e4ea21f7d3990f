/**
 * Spring Boot auto-configuration of what every mode shares: the core keys ({@link CommonProperties}),
 * the {@link io.github.idgen.snowflake.IdService} with a fixed worker id, the wiring both lease
 * backends build on, and the failure analyzers of the backend-neutral lease. Each backend and
 * feature has a sub-package of its own ({@code zookeeper}, {@code jdbc}, {@code segment},
 * {@code opaque}, {@code health}, {@code metrics}, {@code endpoint}, {@code readiness}, ...), which
 * depends on this package and never the other way round.
 */
@NullMarked
package io.github.idgen.autoconfigure;

import org.jspecify.annotations.NullMarked;
