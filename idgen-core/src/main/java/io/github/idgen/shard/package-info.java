/**
 * Shard-carrying ids: the {@link io.github.idgen.shard.ShardedIdService} API, whose ids carry a
 * database shard in their lowest bits, and {@link io.github.idgen.shard.Shards}, which computes the
 * shard of a key the same way in every language. Plain Java: no Spring.
 */
@NullMarked
package io.github.idgen.shard;

import org.jspecify.annotations.NullMarked;
