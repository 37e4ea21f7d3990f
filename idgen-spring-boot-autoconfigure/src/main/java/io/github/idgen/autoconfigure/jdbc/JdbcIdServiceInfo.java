package io.github.idgen.autoconfigure.jdbc;

import io.github.idgen.autoconfigure.LeaseIdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseStatistics;

/**
 * JDBC mode: the lease is a row of the lease table, {@code /<table>/<group>/<node id>}, whose
 * {@code holder} column names this deployment's token; a database has no sessions.
 */
final class JdbcIdServiceInfo extends LeaseIdServiceInfo {

	JdbcIdServiceInfo(IdServiceProxy proxy, ClusterDeployment deployment, LeaseStatistics statistics) {
		super("jdbc", LeaseInfo.Backend.JDBC, proxy, deployment, statistics);
	}

}
