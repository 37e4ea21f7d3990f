package io.github.idgen.autoconfigure;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseHolder;
import io.github.idgen.lease.LeaseStatistics;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.GeneratorStatistics;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

/**
 * What a mode with a worker-id lease tells, whatever keeps the lease: the proxy's current lease, what
 * the proxy can do with it now, and the lease's totals. Each backend only names its mode. Public only
 * so that the modes' packages can extend it; not meant for applications.
 */
public abstract class LeaseIdServiceInfo implements IdServiceInfo {

	private final String mode;

	private final LeaseInfo.Backend backend;

	private final IdServiceProxy proxy;

	private final ClusterDeployment deployment;

	private final LeaseStatistics statistics;

	/**
	 * Creates the description of a lease mode.
	 * @param mode the mode's name, as {@link #mode()} tells it
	 * @param backend what keeps the lease
	 * @param proxy the id service
	 * @param deployment the deployment that holds the lease
	 * @param statistics the lease's totals
	 */
	protected LeaseIdServiceInfo(String mode, LeaseInfo.Backend backend, IdServiceProxy proxy,
			ClusterDeployment deployment, LeaseStatistics statistics) {
		this.mode = mode;
		this.backend = backend;
		this.proxy = proxy;
		this.deployment = deployment;
		this.statistics = statistics;
	}

	@Override
	public String mode() {
		return this.mode;
	}

	// the generator's ids: the lease's node id, split by the layout ids are issued in
	@Override
	public int workerId() {
		return this.proxy.getGenerator().getWorkerId();
	}

	@Override
	public int datacenterId() {
		return this.proxy.getGenerator().getDatacenterId();
	}

	@Override
	public SnowflakeLayout layout() {
		return this.proxy.getGenerator().getLayout();
	}

	@Override
	public @Nullable String whyNotIssuing() {
		return this.proxy.whyNotIssuing();
	}

	@Override
	public GeneratorStatistics counters() {
		return this.proxy;
	}

	@Override
	public LeaseInfo lease() {
		WorkerIdLease lease = this.proxy.getLease();
		LeaseHolder holder = lease.getHolder();
		// a backend without sessions has session id 0: its holder's token proves the lease, with a claim id
		// where the backend has one
		String sessionId = (lease.getSessionId() != 0) ? "0x" + Long.toHexString(lease.getSessionId()) : null;
		String claimId = (lease.getClaimId() != 0) ? Long.toString(lease.getClaimId()) : null;
		return new LeaseInfo(this.backend, lease.getPath(), this.statistics.getRange().name(),
				new LeaseInfo.Holder(holder.process(), holder.host(), holder.pid(), holder.startedAt(),
						holder.instanceName(), holder.token()),
				lease.getAcquiredAt(), sessionId, claimId, lease.getState().name(),
				lease.getReason(), lease.getTimeLeft(), lease.getMarkMillis(), lease.getFloorMillis(),
				new LeaseInfo.Counters(this.statistics.getLeasesTaken(), this.statistics.getLeasesLost(),
						this.statistics.getReconnects(), this.statistics.getMeasuredClockLagMillis(),
						this.proxy.refusedCalls(), this.proxy.leaseWaits(), this.proxy.leaseWaitTime(),
						this.statistics.getRenewals(), this.statistics.getRenewalFailures()));
	}

	@Override
	public void addChangeListener(Runnable listener) {
		this.deployment.addLeaseListener((lease) -> listener.run());
	}

}
