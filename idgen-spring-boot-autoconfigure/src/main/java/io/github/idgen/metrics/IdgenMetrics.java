package io.github.idgen.metrics;

import java.util.concurrent.TimeUnit;

import io.github.idgen.cluster.ClusterDeployment;
import io.github.idgen.cluster.IdServiceProxy;
import io.github.idgen.cluster.LeaseStatistics;
import io.github.idgen.snowflake.GeneratorStatistics;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.jspecify.annotations.Nullable;

/**
 * Binds idgen's counters to Micrometer. The meters read totals the generator and the lease keep
 * anyway, so issuing an id does no extra work for metrics.
 */
public class IdgenMetrics implements MeterBinder {

	private final IdService idService;

	private final @Nullable ClusterDeployment deployment;

	public IdgenMetrics(IdService idService, @Nullable ClusterDeployment deployment) {
		this.idService = idService;
		this.deployment = deployment;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Tags tags = Tags.of("mode", (this.idService instanceof IdServiceProxy) ? "cluster" : "fixed");
		if (this.idService instanceof GeneratorStatistics statistics) {
			counter(registry, "idgen.ids.issued", "Ids issued", "ids", tags, statistics, GeneratorStatistics::issuedIds);
			counter(registry, "idgen.sequence.exhausted.waits",
					"Waits for the next millisecond after its 4096 sequence values were used up", null, tags, statistics,
					GeneratorStatistics::sequenceExhaustedWaits);
			counter(registry, "idgen.clock.backwards.waits", "Clock steps backwards waited out", null, tags,
					statistics, GeneratorStatistics::clockBackwardsWaits);
			counter(registry, "idgen.clock.backwards.failures",
					"Calls failed because the clock stepped back more than the tolerance", null, tags, statistics,
					GeneratorStatistics::clockBackwardsFailures);
		}
		if (this.idService instanceof IdServiceProxy proxy) {
			counter(registry, "idgen.ids.refused", "Calls refused because the lease stayed unproven", null, tags, proxy,
					IdServiceProxy::refusedCalls);
			FunctionTimer.builder("idgen.lease.wait", proxy, IdServiceProxy::leaseWaits,
					(p) -> p.leaseWaitTime().toNanos(), TimeUnit.NANOSECONDS)
				.description("Time calls spent waiting for an unproven lease")
				.tags(tags)
				.register(registry);
			Gauge.builder("idgen.worker.id", proxy, (p) -> p.getLease().getWorkerId())
				.description("Worker id in use")
				.tags(tags)
				.register(registry);
			Gauge.builder("idgen.datacenter.id", proxy, (p) -> p.getLease().getDatacenterId())
				.description("Datacenter id in use")
				.tags(tags)
				.register(registry);
			Gauge.builder("idgen.lease.mark.ahead", proxy,
					(p) -> p.getLease().getMarkMillis() - System.currentTimeMillis())
				.description("How far the high-water mark is ahead of the clock; ids stop when it is negative")
				.baseUnit("milliseconds")
				.tags(tags)
				.register(registry);
			Gauge.builder("idgen.lease.handover.wait", proxy,
					(p) -> Math.max(0, p.getLease().getFloorMillis() - System.currentTimeMillis()))
				.description("How long until the clock passes the previous holder's high-water mark")
				.baseUnit("milliseconds")
				.tags(tags)
				.register(registry);
			Gauge.builder("idgen.lease.valid", proxy, (p) -> p.isIssuing() ? 1 : 0)
				.description("1 while the lease is provably held and ids are issued, else 0")
				.tags(tags)
				.register(registry);
		}
		else if (this.idService instanceof IdServiceTwitter generator) {
			Gauge.builder("idgen.worker.id", generator, IdServiceTwitter::getWorkerId)
				.description("Worker id in use")
				.tags(tags)
				.register(registry);
			Gauge.builder("idgen.datacenter.id", generator, IdServiceTwitter::getDatacenterId)
				.description("Datacenter id in use")
				.tags(tags)
				.register(registry);
		}
		if (this.deployment instanceof LeaseStatistics lease) {
			counter(registry, "idgen.lease.acquisitions", "Worker id leases taken", null, tags, lease,
					LeaseStatistics::getLeasesTaken);
			counter(registry, "idgen.lease.losses", "Worker id leases lost (session ended, node deleted or taken)",
					null, tags, lease, LeaseStatistics::getLeasesLost);
			counter(registry, "idgen.zookeeper.reconnects", "Reconnections to ZooKeeper", null, tags, lease,
					LeaseStatistics::getReconnects);
			Gauge.builder("idgen.clock.lag", lease, LeaseStatistics::getMeasuredClockLagMillis)
				.description("How far this clock was behind live lease holders' clocks at start-up")
				.baseUnit("milliseconds")
				.tags(tags)
				.register(registry);
		}
	}

	private static <T> void counter(MeterRegistry registry, String name, String description, @Nullable String unit,
			Tags tags, T source, java.util.function.ToDoubleFunction<T> count) {
		FunctionCounter.builder(name, source, count)
			.description(description)
			.baseUnit(unit)
			.tags(tags)
			.register(registry);
	}

}
