package io.github.idgen.snowflake;

import java.time.Instant;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Properties of random valid {@link SnowflakeLayout}s: composing and decomposing undo each other,
 * and the millisecond a lease compares splits ids exactly at unit boundaries.
 */
class SnowflakeLayoutPropertyTests {

	@Property(tries = 500)
	void decomposeUndoesCompose(@ForAll("parts") Parts parts) {
		SnowflakeLayout layout = parts.layout();
		Instant timestamp = Instant.ofEpochMilli(layout.epochMillis() + parts.unit() * layout.timeUnitMillis());
		long id = layout.compose(timestamp, parts.datacenterId(), parts.workerId(), parts.sequence());
		assertThat(id).isBetween(0L, layout.maxId());
		assertThat(layout.decompose(id))
			.isEqualTo(new SnowflakeId(id, timestamp, parts.datacenterId(), parts.workerId(), parts.sequence()));
		// any millisecond of the unit makes the same id
		Instant laterInTheUnit = timestamp.plusMillis(parts.offset() % layout.timeUnitMillis());
		assertThat(layout.compose(laterInTheUnit, parts.datacenterId(), parts.workerId(), parts.sequence())).isEqualTo(id);
	}

	@Property(tries = 500)
	void composeUndoesDecompose(@ForAll("ids") LayoutAndId sample) {
		SnowflakeLayout layout = sample.layout();
		SnowflakeId parts = layout.decompose(sample.id());
		assertThat(layout.compose(parts.timestamp(), parts.datacenterId(), parts.workerId(), parts.sequence()))
			.isEqualTo(sample.id());
		assertThat(layout.nodeId(parts.datacenterId(), parts.workerId()))
			.isEqualTo((int) ((sample.id() >>> layout.sequenceBits()) & layout.maxNodeId()));
	}

	@Property(tries = 500)
	void anIdPassesAMarkExactlyWhenItWasMadeBeforeTheClockLeftTheMarksUnit(@ForAll("ids") LayoutAndId sample) {
		SnowflakeLayout layout = sample.layout();
		// a mark within the layout's first days, and clock readings a few units around it
		long span = 3 * layout.timeUnitMillis();
		long mark = layout.epochMillis() + span + Math.floorMod(sample.id(), 1_000_000_000L);
		for (long clock = mark - span; clock <= mark + span; clock += 1 + layout.timeUnitMillis() / 7) {
			long id = layout.compose(Instant.ofEpochMilli(clock), 0, 0, 0);
			boolean passes = layout.timestampMillis(id) <= mark;
			assertThat(passes).as("clock %d, mark %d", clock, mark).isEqualTo(clock < layout.nextUnitStartMillis(mark));
			assertThat(layout.unitStartMillis(clock)).isLessThanOrEqualTo(clock)
				.isEqualTo(layout.timestampMillis(id))
				.isGreaterThan(clock - layout.timeUnitMillis());
		}
	}

	@Provide
	Arbitrary<Parts> parts() {
		return LayoutArbitraries.layouts(31)
			.flatMap((layout) -> Combinators
				.combine(Arbitraries.longs().between(0, layout.maxTimestamp()),
						Arbitraries.integers().between(0, layout.maxDatacenterId()),
						Arbitraries.integers().between(0, layout.maxWorkerId()),
						Arbitraries.integers().between(0, layout.maxSequence()), Arbitraries.longs().between(0, 999))
				.as((unit, datacenterId, workerId, sequence, offset) -> new Parts(layout, unit, datacenterId, workerId,
						sequence, offset)));
	}

	@Provide
	Arbitrary<LayoutAndId> ids() {
		return LayoutArbitraries.layouts(31)
			.flatMap((layout) -> Arbitraries.longs()
				.between(0, layout.maxId())
				.edgeCases((edges) -> edges.includeOnly(0L, layout.maxId()))
				.map((id) -> new LayoutAndId(layout, id)));
	}

	record Parts(SnowflakeLayout layout, long unit, int datacenterId, int workerId, int sequence, long offset) {
	}

	record LayoutAndId(SnowflakeLayout layout, long id) {
	}

}
