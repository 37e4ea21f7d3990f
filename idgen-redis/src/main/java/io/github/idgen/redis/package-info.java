/**
 * Redis mode: the worker-id lease as one hash per node id and the segment store as one hash per tag,
 * each changed only by Lua scripts that compare a token or a version, on a connection of idgen's own
 * whose every state change is proven durable with {@code WAIT} before it counts. Lettuce, no Spring.
 */
@NullMarked
package io.github.idgen.redis;

import org.jspecify.annotations.NullMarked;
