package io.github.idgen.metrics;

import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.snowflake.GeneratorStatistics;
import io.github.idgen.snowflake.IdGenerators;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.jspecify.annotations.Nullable;

/**
 * Binds idgen's counters to Micrometer, tagged with the mode. The meters read totals the generator
 * and the lease keep anyway, so issuing an id does no extra work for metrics. Lease meters are bound
 * only in a mode with a lease.
 */
public class IdgenMetrics implements MeterBinder {

	private final IdServiceInfo info;

	private final @Nullable IdGenerators generators;

	/**
	 * Creates a binder.
	 * @param info what the id service of the running mode tells about itself
	 */
	public IdgenMetrics(IdServiceInfo info) {
		this(info, null);
	}

	/**
	 * Creates a binder that also counts the ids of each named generator.
	 * @param info what the id service of the running mode tells about itself
	 * @param generators the named generators ({@code xxx.common.generators.<name>.*}), or null for none
	 */
	public IdgenMetrics(IdServiceInfo info, @Nullable IdGenerators generators) {
		this.info = info;
		this.generators = generators;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		Tags tags = Tags.of("mode", this.info.mode());
		GeneratorStatistics counters = this.info.counters();
		counter(registry, "idgen.ids.issued", "Ids issued", "ids", tags, counters, GeneratorStatistics::issuedIds);
		counter(registry, "idgen.sequence.exhausted.waits",
				"Waits for the next time unit after its " + this.info.layout().idsPerUnit()
						+ " sequence values were used up",
				null, tags, counters, GeneratorStatistics::sequenceExhaustedWaits);
		counter(registry, "idgen.clock.backwards.waits", "Clock steps backwards waited out", null, tags, counters,
				GeneratorStatistics::clockBackwardsWaits);
		counter(registry, "idgen.clock.backwards.failures",
				"Calls failed because the clock stepped back more than the tolerance", null, tags, counters,
				GeneratorStatistics::clockBackwardsFailures);
		gauge(registry, "idgen.worker.id", "Worker id in use", null, tags, IdServiceInfo::workerId);
		gauge(registry, "idgen.datacenter.id", "Datacenter id in use", null, tags, IdServiceInfo::datacenterId);
		if (this.info.lease() != null) {
			bindLease(registry, tags);
		}
		if (this.generators != null) {
			bindGenerators(registry, tags, this.generators);
		}
	}

	/** A counter per named generator, apart from the default one's: the same name with other tags would clash. */
	private static void bindGenerators(MeterRegistry registry, Tags tags, IdGenerators generators) {
		for (String name : generators.names()) {
			if (generators.get(name) instanceof GeneratorStatistics statistics) {
				counter(registry, "idgen.generator.ids.issued", "Ids issued by a named generator", "ids",
						tags.and("generator", name), statistics, GeneratorStatistics::issuedIds);
			}
		}
	}

	private void bindLease(MeterRegistry registry, Tags tags) {
		leaseCounter(registry, "idgen.ids.refused", "Calls refused because the lease stayed unproven", tags,
				LeaseInfo.Counters::refusedCalls);
		FunctionTimer.builder("idgen.lease.wait", this.info, (i) -> counters(i).leaseWaits(),
				(i) -> counters(i).leaseWaitTime().toNanos(), TimeUnit.NANOSECONDS)
			.description("Time calls spent waiting for an unproven lease")
			.tags(tags)
			.register(registry);
		// from the start of the clock's time unit: a mark promises its whole unit, so ids of a unit that
		// starts by the mark pass (with 1 ms units, the clock itself)
		gauge(registry, "idgen.lease.mark.ahead",
				"How far the high-water mark is ahead of the start of the clock's time unit; ids stop when it is"
						+ " negative",
				"milliseconds", tags,
				(i) -> lease(i).markMillis() - i.layout().unitStartMillis(System.currentTimeMillis()));
		gauge(registry, "idgen.lease.handover.wait",
				"How long until the clock is past the time unit of the previous holder's high-water mark",
				"milliseconds", tags, (i) -> Math.max(0,
						i.layout().nextUnitStartMillis(lease(i).floorMillis()) - System.currentTimeMillis()));
		gauge(registry, "idgen.lease.valid", "1 while the lease is provably held and ids are issued, else 0", null,
				tags, (i) -> i.isIssuing() ? 1 : 0);
		leaseCounter(registry, "idgen.lease.acquisitions", "Worker id leases taken", tags,
				LeaseInfo.Counters::leasesTaken);
		leaseCounter(registry, "idgen.lease.losses", "Worker id leases lost (session ended, node deleted or taken)",
				tags, LeaseInfo.Counters::leasesLost);
		leaseCounter(registry, "idgen.lease.renewals", "Proofs that the lease still holds its worker id", tags,
				LeaseInfo.Counters::renewals);
		leaseCounter(registry, "idgen.lease.renewal.failures",
				"Scheduled lease renewals that proved nothing (store not answering, lease fenced or taken)", tags,
				LeaseInfo.Counters::renewalFailures);
		gauge(registry, "idgen.lease.time.left", "How long the lease stays valid without another renewal",
				"milliseconds", tags, (i) -> lease(i).timeLeft().toMillis());
		// each backend's recoveries under its own name: dashboards of cluster mode know the ZooKeeper one
		switch (lease(this.info).backend()) {
			case ZOOKEEPER -> leaseCounter(registry, "idgen.zookeeper.reconnects", "Reconnections to ZooKeeper", tags,
					LeaseInfo.Counters::reconnects);
			case JDBC -> leaseCounter(registry, "idgen.jdbc.recoveries",
					"Lease requests to the database that succeeded again after a failed one", tags,
					LeaseInfo.Counters::reconnects);
			case REDIS -> leaseCounter(registry, "idgen.redis.reconnects",
					"Connections of the lease to Redis opened again after a failed request", tags,
					LeaseInfo.Counters::reconnects);
		}
		gauge(registry, "idgen.clock.lag", "How far this clock was behind live lease holders' clocks at start-up",
				"milliseconds", tags, (i) -> counters(i).clockLagMillis());
	}

	/** The lease of a mode that had one when the meters were bound; modes never drop their lease. */
	private static LeaseInfo lease(IdServiceInfo info) {
		LeaseInfo lease = info.lease();
		if (lease == null) {
			throw new IllegalStateException("The " + info.mode() + " mode lost its lease descriptor");
		}
		return lease;
	}

	private static LeaseInfo.Counters counters(IdServiceInfo info) {
		return lease(info).counters();
	}

	private void leaseCounter(MeterRegistry registry, String name, String description, Tags tags,
			ToDoubleFunction<LeaseInfo.Counters> count) {
		counter(registry, name, description, null, tags, this.info, (i) -> count.applyAsDouble(counters(i)));
	}

	private void gauge(MeterRegistry registry, String name, String description, @Nullable String unit, Tags tags,
			ToDoubleFunction<IdServiceInfo> value) {
		Gauge.builder(name, this.info, value).description(description).baseUnit(unit).tags(tags).register(registry);
	}

	static <T> void counter(MeterRegistry registry, String name, String description, @Nullable String unit, Tags tags,
			T source, ToDoubleFunction<T> count) {
		FunctionCounter.builder(name, source, count)
			.description(description)
			.baseUnit(unit)
			.tags(tags)
			.register(registry);
	}

}
