/**
 * Auto-configuration of Redis mode ({@code xxx.common.redis-enabled=true}: the worker id leased as a
 * hash in Redis) and of the Redis segment store ({@code xxx.common.segment-store=redis}), both on
 * Spring Boot's Redis connection details; their properties, failure analyzers and AOT hints.
 */
@NullMarked
package io.github.idgen.autoconfigure.redis;

import org.jspecify.annotations.NullMarked;
