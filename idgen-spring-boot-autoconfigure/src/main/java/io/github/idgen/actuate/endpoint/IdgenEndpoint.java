package io.github.idgen.actuate.endpoint;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import io.github.idgen.cluster.ClusterDeployment;
import io.github.idgen.cluster.IdServiceProxy;
import io.github.idgen.cluster.LeaseHolder;
import io.github.idgen.cluster.LeaseStatistics;
import io.github.idgen.cluster.WorkerIdLease;
import io.github.idgen.snowflake.GeneratorStatistics;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * {@code /actuator/idgen}: the layout, the lease, the fencing state and the counters;
 * {@code /actuator/idgen/{id}} takes an id apart.
 */
@Endpoint(id = "idgen")
public class IdgenEndpoint {

	private static final double MILLIS_PER_YEAR = Duration.ofDays(365).toMillis() + Duration.ofHours(6).toMillis();

	private final IdService idService;

	private final @Nullable ClusterDeployment deployment;

	private final SnowflakeLayout layout;

	public IdgenEndpoint(IdService idService, @Nullable ClusterDeployment deployment, SnowflakeLayout layout) {
		this.idService = idService;
		this.deployment = deployment;
		this.layout = layout;
	}

	@ReadOperation
	public Map<String, Object> idgen() {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("mode", (this.idService instanceof IdServiceProxy) ? "cluster" : "fixed");
		body.put("layout", layout());
		if (this.idService instanceof IdServiceProxy proxy) {
			body.put("lease", lease(proxy));
			body.put("fencing", fencing(proxy));
		}
		else if (this.idService instanceof IdServiceTwitter generator) {
			body.put("workerId", generator.getWorkerId());
			body.put("datacenterId", generator.getDatacenterId());
		}
		if (this.idService instanceof GeneratorStatistics statistics) {
			body.put("counters", counters(statistics));
		}
		return body;
	}

	@ReadOperation
	public WebEndpointResponse<Map<String, Object>> decompose(@Selector String id) {
		long value;
		try {
			value = Long.parseLong(id);
			SnowflakeId parts = this.layout.decompose(value);
			Map<String, Object> body = new LinkedHashMap<>();
			body.put("id", Long.toString(parts.id()));
			body.put("timestamp", parts.timestamp().toString());
			body.put("datacenterId", parts.datacenterId());
			body.put("workerId", parts.workerId());
			body.put("sequence", parts.sequence());
			return new WebEndpointResponse<>(body);
		}
		catch (IllegalArgumentException ex) {
			return new WebEndpointResponse<>(Map.of("error", "id must be a non-negative 64-bit decimal number, was '"
					+ id + "'"), WebEndpointResponse.STATUS_BAD_REQUEST);
		}
	}

	private Map<String, Object> layout() {
		Map<String, Object> layout = new LinkedHashMap<>();
		layout.put("bits", "sign 1 | timestamp " + SnowflakeLayout.TIMESTAMP_BITS + " | datacenter "
				+ SnowflakeLayout.DATACENTER_ID_BITS + " | worker " + SnowflakeLayout.WORKER_ID_BITS + " | sequence "
				+ SnowflakeLayout.SEQUENCE_BITS);
		layout.put("epoch", this.layout.epoch().toString());
		layout.put("lastTimestamp", this.layout.lastTimestamp().toString());
		double years = this.layout.timeLeft(Instant.now()).toMillis() / MILLIS_PER_YEAR;
		layout.put("yearsLeft", Math.floor(years * 10) / 10);
		layout.put("maxIdsPerMillisecond", SnowflakeLayout.MAX_SEQUENCE + 1);
		return layout;
	}

	private Map<String, Object> lease(IdServiceProxy proxy) {
		WorkerIdLease lease = proxy.getLease();
		LeaseHolder holder = lease.getHolder();
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("path", lease.getPath());
		body.put("workerId", lease.getWorkerId());
		body.put("datacenterId", lease.getDatacenterId());
		body.put("holder", Map.of("process", holder.process(), "host", holder.host(), "pid", holder.pid(),
				"startedAt", holder.startedAt().toString()));
		body.put("instanceName", holder.instanceName());
		body.put("since", lease.getAcquiredAt().toString());
		body.put("sessionId", "0x" + Long.toHexString(lease.getSessionId()));
		long now = System.currentTimeMillis();
		body.put("highWaterMark", Instant.ofEpochMilli(lease.getMarkMillis()).toString());
		body.put("highWaterMarkAheadMillis", lease.getMarkMillis() - now);
		body.put("previousHolderMark", Instant.ofEpochMilli(lease.getFloorMillis()).toString());
		body.put("waitForPreviousHolderMarkMillis", Math.max(0, lease.getFloorMillis() - now));
		if (this.deployment instanceof LeaseStatistics statistics) {
			body.put("range", statistics.getRange().name());
			body.put("reconnects", statistics.getReconnects());
			body.put("leasesTaken", statistics.getLeasesTaken());
			body.put("leasesLost", statistics.getLeasesLost());
			body.put("clockLagBehindLiveHoldersMillis", statistics.getMeasuredClockLagMillis());
		}
		return body;
	}

	private Map<String, Object> fencing(IdServiceProxy proxy) {
		WorkerIdLease lease = proxy.getLease();
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("issuing", proxy.isIssuing());
		body.put("state", lease.getState().name());
		body.put("reason", lease.getReason());
		body.put("refusedCalls", proxy.refusedCalls());
		body.put("leaseWaits", proxy.leaseWaits());
		body.put("leaseWaitTime", proxy.leaseWaitTime().toString());
		return body;
	}

	private Map<String, Object> counters(GeneratorStatistics statistics) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("issuedIds", statistics.issuedIds());
		body.put("sequenceExhaustedWaits", statistics.sequenceExhaustedWaits());
		body.put("clockBackwardsWaits", statistics.clockBackwardsWaits());
		body.put("clockBackwardsFailures", statistics.clockBackwardsFailures());
		return body;
	}

}
