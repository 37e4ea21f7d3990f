/**
 * Snowflake id generation: the {@link io.github.idgen.snowflake.IdService} API, the generator for one
 * fixed node and the id layout. Plain Java: no Spring, no ZooKeeper.
 */
@NullMarked
package io.github.idgen.snowflake;

import org.jspecify.annotations.NullMarked;
