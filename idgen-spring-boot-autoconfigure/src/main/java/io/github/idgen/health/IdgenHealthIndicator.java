package io.github.idgen.health;

import java.time.Instant;

import io.github.idgen.cluster.IdServiceProxy;
import io.github.idgen.cluster.WorkerIdLease;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * Health of the {@link IdService}: {@code UP} while it issues ids, with its worker id and, in
 * cluster mode, its lease; {@code OUT_OF_SERVICE} while a cluster-mode instance cannot prove its
 * lease. Out of service rather than down: the process is fine and recovers by itself, so it should be
 * drained, not restarted.
 */
public class IdgenHealthIndicator extends AbstractHealthIndicator {

	private final IdService idService;

	public IdgenHealthIndicator(IdService idService) {
		super("idgen health check failed");
		this.idService = idService;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		if (this.idService instanceof IdServiceProxy proxy) {
			WorkerIdLease lease = proxy.getLease();
			builder.status(proxy.isIssuing() ? Status.UP : Status.OUT_OF_SERVICE)
				.withDetail("mode", "cluster")
				.withDetail("workerId", lease.getWorkerId())
				.withDetail("datacenterId", lease.getDatacenterId())
				.withDetail("leasePath", lease.getPath())
				.withDetail("sessionId", "0x" + Long.toHexString(lease.getSessionId()))
				.withDetail("leaseState", lease.getState().name())
				.withDetail("instanceName", lease.getHolder().instanceName())
				.withDetail("highWaterMark", Instant.ofEpochMilli(lease.getMarkMillis()).toString());
			if (lease.getFloorMillis() > System.currentTimeMillis()) {
				builder.withDetail("waitingForPreviousHolderMark", Instant.ofEpochMilli(lease.getFloorMillis()).toString());
			}
			if (!proxy.isIssuing()) {
				builder.withDetail("reason", lease.getReason());
			}
		}
		else if (this.idService instanceof IdServiceTwitter generator) {
			builder.up()
				.withDetail("mode", "fixed")
				.withDetail("workerId", generator.getWorkerId())
				.withDetail("datacenterId", generator.getDatacenterId());
		}
		else {
			builder.unknown().withDetail("idService", this.idService.getClass().getName());
		}
	}

}
