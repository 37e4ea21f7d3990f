package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Random valid layouts for property tests. Which widths are valid is worked out here on its own, in
 * floating point, not with the rules under test.
 */
final class LayoutArbitraries {

	/** "Now" of the property tests: 2026-06-01T00:00:00Z. */
	static final long NOW = Instant.parse("2026-06-01T00:00:00Z").toEpochMilli();

	private static final double TEN_YEARS_MILLIS = 10 * 365.25 * 86_400_000;

	private LayoutArbitraries() {
	}

	/**
	 * Layouts with any time unit from 1 ms to 1 s (the round ones more often), up to
	 * {@code maxSequenceBits} sequence bits, and an epoch that leaves them at least half their span
	 * after {@link #NOW}.
	 */
	static Arbitrary<SnowflakeLayout> layouts(int maxSequenceBits) {
		Arbitrary<Integer> units = Arbitraries.oneOf(Arbitraries.of(1, 10, 100, 1000),
				Arbitraries.integers().between(1, 1000));
		return Combinators
			.combine(units, Arbitraries.integers().between(0, 10), Arbitraries.integers().between(1, 12),
					Arbitraries.integers().between(1, maxSequenceBits))
			.filter((unit, datacenter, worker, sequence) -> fewestTimestampBits(unit) <= mostTimestampBits(unit,
					datacenter + worker + sequence))
			.flatAs((unit, datacenter, worker, sequence) -> Arbitraries
				.integers()
				.between(fewestTimestampBits(unit), mostTimestampBits(unit, datacenter + worker + sequence))
				.flatMap((timestamp) -> {
					double span = unit * Math.pow(2, timestamp);
					long furthestBack = (long) Math.min(NOW, span / 2);
					return Arbitraries.longs()
						.between(0, furthestBack)
						.map((back) -> SnowflakeLayout.builder()
							.timeUnit(Duration.ofMillis(unit))
							.timestampBits(timestamp)
							.datacenterBits(datacenter)
							.workerBits(worker)
							.sequenceBits(sequence)
							.epoch(Instant.ofEpochMilli(NOW - back))
							.build());
				}));
	}

	/** The fewest bits that hold ten years of units. */
	private static int fewestTimestampBits(int unitMillis) {
		int bits = 1;
		while (unitMillis * Math.pow(2, bits) < TEN_YEARS_MILLIS) {
			bits++;
		}
		return bits;
	}

	/** The most bits that the 63 leave and whose span of milliseconds stays within 2^62. */
	private static int mostTimestampBits(int unitMillis, int otherBits) {
		int bits = 63 - otherBits;
		while (unitMillis * Math.pow(2, bits) > Math.pow(2, 62)) {
			bits--;
		}
		return bits;
	}

}
