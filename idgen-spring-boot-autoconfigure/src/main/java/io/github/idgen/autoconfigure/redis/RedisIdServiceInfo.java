package io.github.idgen.autoconfigure.redis;

import io.github.idgen.autoconfigure.LeaseIdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseStatistics;

/**
 * Redis mode: the lease is a hash, {@code redis://<host>:<port>/<prefix>:lease:<group>:<node id>},
 * whose {@code holder} and {@code claim} fields name this deployment's token and this claim; Redis has
 * no sessions.
 */
final class RedisIdServiceInfo extends LeaseIdServiceInfo {

	RedisIdServiceInfo(IdServiceProxy proxy, ClusterDeployment deployment, LeaseStatistics statistics) {
		super("redis", LeaseInfo.Backend.REDIS, proxy, deployment, statistics);
	}

}
