/**
 * ShardingSphere-JDBC algorithms on idgen's ids: {@link io.github.idgen.shardingsphere.IdgenShardingAlgorithm}
 * ({@code IDGEN_SHARD}) routes a row or a query by its shard-carrying id or by its user key to the same
 * data node; {@link io.github.idgen.shardingsphere.IdgenKeyGenerateAlgorithm} ({@code IDGEN}) issues the
 * ids of a generator found in {@link io.github.idgen.shardingsphere.IdgenKeyGenerators}. Plain Java: no
 * Spring.
 */
@NullMarked
package io.github.idgen.shardingsphere;

import org.jspecify.annotations.NullMarked;
