package io.github.idgen.autoconfigure;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.snowflake.GeneratorStatistics;
import org.jspecify.annotations.Nullable;

/**
 * JDBC mode: what cluster mode reports (the proxy's lease, what it can do now, the lease totals), under
 * the mode name {@code jdbc}; the lease's path is {@code /<table>/<group>/<node id>}.
 */
final class JdbcIdServiceInfo implements IdServiceInfo {

	private final ClusterIdServiceInfo lease;

	JdbcIdServiceInfo(ClusterIdServiceInfo lease) {
		this.lease = lease;
	}

	@Override
	public String mode() {
		return "jdbc";
	}

	@Override
	public int workerId() {
		return this.lease.workerId();
	}

	@Override
	public int datacenterId() {
		return this.lease.datacenterId();
	}

	@Override
	public @Nullable String whyNotIssuing() {
		return this.lease.whyNotIssuing();
	}

	@Override
	public GeneratorStatistics counters() {
		return this.lease.counters();
	}

	@Override
	public LeaseInfo lease() {
		return this.lease.lease();
	}

	@Override
	public void addChangeListener(Runnable listener) {
		this.lease.addChangeListener(listener);
	}

}
