package io.github.idgen.autoconfigure.zookeeper;

import io.github.idgen.autoconfigure.LeaseIdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseStatistics;

/**
 * Cluster mode: the lease is a ZooKeeper node, owned by a ZooKeeper session.
 */
final class ClusterIdServiceInfo extends LeaseIdServiceInfo {

	ClusterIdServiceInfo(IdServiceProxy proxy, ClusterDeployment deployment, LeaseStatistics statistics) {
		super("cluster", LeaseInfo.Backend.ZOOKEEPER, proxy, deployment, statistics);
	}

}
