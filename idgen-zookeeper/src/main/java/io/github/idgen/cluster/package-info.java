/**
 * Cluster mode: each instance leases its worker id from ZooKeeper (Apache Curator) and issues ids
 * only while it can prove the lease is its own. No Spring in this package.
 */
@NullMarked
package io.github.idgen.cluster;

import org.jspecify.annotations.NullMarked;
