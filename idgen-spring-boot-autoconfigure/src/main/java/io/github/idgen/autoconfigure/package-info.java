/**
 * Spring Boot auto-configuration of the {@link io.github.idgen.snowflake.IdService}: a fixed worker
 * id, or one leased from ZooKeeper when {@code xxx.common.zookeeper-enabled} is true.
 */
@NullMarked
package io.github.idgen.autoconfigure;

import org.jspecify.annotations.NullMarked;
