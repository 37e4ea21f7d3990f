package io.github.idgen.metrics;

import io.github.idgen.codes.BusinessNumbers;
import io.github.idgen.codes.Codes;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

/**
 * Micrometer meters of business numbers, per code (meter tag {@code code}):
 * {@code idgen.code.sequence.taken}, the largest sequence number the current period took from the
 * store, and {@code idgen.code.sequence.capacity}, how many numbers a period holds; their ratio is how
 * full the period is. Each period's segment tag has the segment meters too (meter tag {@code tag}).
 */
public class IdgenCodeMetrics implements MeterBinder {

	private final Codes codes;

	/**
	 * Creates the binder.
	 * @param codes the business number codes of the context
	 */
	public IdgenCodeMetrics(Codes codes) {
		this.codes = codes;
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		for (String name : this.codes.names()) {
			BusinessNumbers code = this.codes.get(name);
			Gauge.builder("idgen.code.sequence.taken", code, BusinessNumbers::sequenceTaken)
				.description("Largest sequence number taken from the store in the current period")
				.tag("code", name)
				.strongReference(true)
				.register(registry);
			Gauge.builder("idgen.code.sequence.capacity", code, (c) -> c.getPattern().capacity())
				.description("Numbers a period holds")
				.tag("code", name)
				.strongReference(true)
				.register(registry);
		}
	}

}
