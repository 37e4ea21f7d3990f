package io.github.idgen.autoconfigure;

import io.github.idgen.info.LeaseInfo;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseStatistics;
import io.github.idgen.lease.WorkerIdLease;

/**
 * Cluster mode: the lease is a ZooKeeper node, owned by a ZooKeeper session.
 */
final class ClusterIdServiceInfo extends LeaseIdServiceInfo {

	ClusterIdServiceInfo(IdServiceProxy proxy, ClusterDeployment deployment, LeaseStatistics statistics) {
		super(proxy, deployment, statistics);
	}

	@Override
	public String mode() {
		return "cluster";
	}

	@Override
	LeaseInfo.Backend backend() {
		return LeaseInfo.Backend.ZOOKEEPER;
	}

	@Override
	String sessionIdOf(WorkerIdLease lease) {
		return "0x" + Long.toHexString(lease.getSessionId());
	}

}
