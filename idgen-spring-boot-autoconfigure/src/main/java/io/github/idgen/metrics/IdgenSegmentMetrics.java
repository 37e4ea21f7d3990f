package io.github.idgen.metrics;

import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

import io.github.idgen.segment.SegmentIdService;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentStatistics;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Micrometer meters of segment ids, per tag (meter tag {@code tag}), registered when a tag is first
 * used: {@code idgen.segment.ids.left}, {@code idgen.segment.step},
 * {@code idgen.segment.range.first}, {@code idgen.segment.range.last},
 * {@code idgen.segment.allocations}, {@code idgen.segment.allocation} (a function timer: the store's time per
 * range), {@code idgen.segment.waits}, {@code idgen.segment.store.errors};
 * removed when the registry forgets the tag.
 */
public class IdgenSegmentMetrics implements MeterBinder {

	private final SegmentIdServices services;

	/**
	 * Creates the binder.
	 * @param services the segment id services of the context
	 */
	public IdgenSegmentMetrics(SegmentIdServices services) {
		this.services = services;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		this.services.onNewTag((service) -> bindTag(registry, service));
		// a business number's past period, for one: its series end instead of reading NaN for ever
		this.services.onForgottenTag((tag) -> registry.getMeters()
			.stream()
			.filter((meter) -> meter.getId().getName().startsWith("idgen.segment.") && tag.equals(meter.getId().getTag("tag")))
			.forEach(registry::remove));
	}

	private static void bindTag(MeterRegistry registry, SegmentIdService service) {
		Tags tags = Tags.of("tag", service.getTag());
		gauge(registry, "idgen.segment.ids.left", "Ids left in memory", tags, service, SegmentStatistics::idsLeft);
		gauge(registry, "idgen.segment.step", "Step of the last allocation", tags, service, SegmentStatistics::step);
		gauge(registry, "idgen.segment.range.first", "First id of the range being served", tags, service,
				SegmentStatistics::currentFirstId);
		gauge(registry, "idgen.segment.range.last", "Last id of the range being served", tags, service,
				SegmentStatistics::currentLastId);
		counter(registry, "idgen.segment.allocations", "Ranges allocated from the store", tags, service,
				SegmentStatistics::allocations);
		counter(registry, "idgen.segment.waits", "Id requests that waited for a range", tags, service,
				SegmentStatistics::waits);
		counter(registry, "idgen.segment.store.errors", "Allocations that failed on the store", tags, service,
				SegmentStatistics::storeErrors);
		// the refill latency: the count is the allocations', so that sum / count is the store's time per range
		FunctionTimer.builder("idgen.segment.allocation", service, (s) -> s.statistics().allocations(),
				SegmentIdService::allocationNanos, TimeUnit.NANOSECONDS)
			.description("Time the store took to answer each allocation that got a range")
			.tags(tags)
			.register(registry);
	}

	private static void gauge(MeterRegistry registry, String name, String description, Tags tags,
			SegmentIdService service, ToDoubleFunction<SegmentStatistics> value) {
		Gauge.builder(name, service, (s) -> value.applyAsDouble(s.statistics()))
			.description(description)
			.tags(tags)
			.register(registry);
	}

	private static void counter(MeterRegistry registry, String name, String description, Tags tags,
			SegmentIdService service, ToDoubleFunction<SegmentStatistics> value) {
		IdgenMetrics.counter(registry, name, description, null, tags, service,
				(s) -> value.applyAsDouble(s.statistics()));
	}

}
