/**
 * The worker-id lease, whatever stores it: the lease and its states, the keeper that takes, renews,
 * fences, recovers and gives back leases on one thread, the high-water marks that make a handover
 * safe between hosts whose clocks differ, and the small {@link io.github.idgen.lease.LeaseBackend}
 * interface that ZooKeeper (and later a database) implements. No Spring and no Curator here.
 */
@NullMarked
package io.github.idgen.lease;

import org.jspecify.annotations.NullMarked;
