package io.github.idgen.health;

import java.time.Instant;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.info.LeaseInfo;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/**
 * Health of the {@link io.github.idgen.snowflake.IdService}: {@code UP} while a call made now gets
 * an id without waiting, {@code OUT_OF_SERVICE} with the reason otherwise (lease unproven, waiting
 * for the previous holder's high-water mark, stopped at an unwritten own mark). Out of service rather
 * than down: the process is fine and recovers by itself, so it should be drained, not restarted.
 * Details: the mode, the worker id and, in a mode with a lease, the lease, without its holder token:
 * the token is what proves the lease in its node, row or record, and health is read and kept by
 * monitoring systems that have no business with it ({@code /actuator/idgen} shows it to operators).
 */
public class IdgenHealthIndicator extends AbstractHealthIndicator {

	private final IdServiceInfo info;

	/**
	 * Creates an indicator.
	 * @param info what the id service of the running mode tells about itself
	 */
	public IdgenHealthIndicator(IdServiceInfo info) {
		super("idgen health check failed");
		this.info = info;
	}

	@Override
	protected void doHealthCheck(Health.Builder builder) {
		String whyNot = this.info.whyNotIssuing();
		builder.status((whyNot != null) ? Status.OUT_OF_SERVICE : Status.UP)
			.withDetail("mode", this.info.mode())
			.withDetail("workerId", this.info.workerId())
			.withDetail("datacenterId", this.info.datacenterId());
		LeaseInfo lease = this.info.lease();
		if (lease != null) {
			builder.withDetail("leasePath", lease.path());
			if (lease.sessionId() != null) {
				builder.withDetail("sessionId", lease.sessionId());
			}
			if (lease.claimId() != null) {
				builder.withDetail("claimId", lease.claimId());
			}
			builder.withDetail("leaseState", lease.state())
				.withDetail("instanceName", lease.holder().instanceName())
				.withDetail("highWaterMark", Instant.ofEpochMilli(lease.markMillis()).toString());
			if (lease.floorMillis() > System.currentTimeMillis()) {
				builder.withDetail("waitingForPreviousHolderMark", Instant.ofEpochMilli(lease.floorMillis()).toString());
			}
		}
		if (whyNot != null) {
			builder.withDetail("reason", whyNot);
		}
	}

}
