package io.github.idgen.autoconfigure;

import io.github.idgen.info.LeaseInfo;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseStatistics;
import io.github.idgen.lease.WorkerIdLease;
import org.jspecify.annotations.Nullable;

/**
 * JDBC mode: the lease is a row of the lease table, {@code /<table>/<group>/<node id>}, whose
 * {@code holder} column names this deployment's token; a database has no sessions.
 */
final class JdbcIdServiceInfo extends LeaseIdServiceInfo {

	JdbcIdServiceInfo(IdServiceProxy proxy, ClusterDeployment deployment, LeaseStatistics statistics) {
		super(proxy, deployment, statistics);
	}

	@Override
	public String mode() {
		return "jdbc";
	}

	@Override
	LeaseInfo.Backend backend() {
		return LeaseInfo.Backend.JDBC;
	}

	// the row names its holder by token, which LeaseInfo shows; a session id of 0 would be a fake
	@Override
	@Nullable String sessionIdOf(WorkerIdLease lease) {
		return null;
	}

}
