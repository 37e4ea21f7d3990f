package io.github.idgen.autoconfigure.web;

import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;

/**
 * A real generator that cannot issue ids for now: its clock stepped back after its first id, so
 * every call fails with {@code ClockMovedBackwardsException} (an {@code IdUnavailableException}).
 */
final class SteppedBackGenerator {

	private SteppedBackGenerator() {
	}

	static IdService steppedBackBy(long millis) {
		AtomicLong now = new AtomicLong(System.currentTimeMillis());
		IdServiceTwitter generator = IdServiceTwitter.builder().workerId(1).datacenterId(0).clock(now::get).build();
		generator.nextId();
		now.addAndGet(-millis);
		return generator;
	}

}
