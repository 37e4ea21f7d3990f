package io.github.idgen.snowflake;

import java.time.Duration;
import java.util.List;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.statistics.Statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.fail;

/**
 * Properties of {@link IdServiceTwitter} on random valid layouts (sequences of at most 10 bits, so
 * that runs use units up), random tolerances and sequence starts, driven through random runs of
 * issuing at random rates and clock steps both ways: every id is greater than the one before, never
 * stamped ahead of the clock, and starts a new unit where the sequence start says; a step back
 * beyond the tolerance fails the call and issues nothing.
 */
class IdServiceTwitterPropertyTests {

	@Property(tries = 200)
	void idsStrictlyIncreaseAcrossUnitsUsedUpSequencesAndClockSteps(@ForAll("layouts") SnowflakeLayout layout,
			@ForAll boolean rotate, @ForAll @IntRange(max = 1000) int toleranceMillis, @ForAll("runs") List<Step> run) {
		SequenceStart start = (rotate && layout.sequenceBits() >= 5) ? SequenceStart.ROTATE : SequenceStart.ZERO;
		long startMask = (start == SequenceStart.ROTATE) ? (1L << (layout.sequenceBits() - 4)) - 1 : 0;
		FakeClock clock = new FakeClock(LayoutArbitraries.NOW);
		IdServiceTwitter generator = IdServiceTwitter.builder()
			.layout(layout)
			.sequenceStart(start)
			.clockBackwardsTolerance(Duration.ofMillis(toleranceMillis))
			.workerId(layout.maxWorkerId())
			.datacenterId(layout.maxDatacenterId())
			.clock(clock)
			.build();
		long last = -1;
		for (Step step : run) {
			if (step instanceof Issue issue) {
				clock.advanceEvery(issue.readsPerStep(), issue.stepMillis());
				List<Long> ids = issue.batch() ? generator.nextIds(issue.count()) : nextIds(generator, issue.count());
				long now = clock.peek();
				for (long id : ids) {
					// plain checks: a run has up to 50,000 ids
					if (id <= last) {
						fail("id %d is not greater than the one before, %d", id, last);
					}
					if (layout.timestampMillis(id) > now) {
						fail("id %d is stamped %d, ahead of the clock at %d", id, layout.timestampMillis(id), now);
					}
					boolean newUnit = (id >>> layout.timestampShift()) > (last >>> layout.timestampShift());
					if (last >= 0 && newUnit && (id & layout.maxSequence()) != ((last + 1) & startMask)) {
						fail("id %d starts a unit at sequence %d after %d", id, id & layout.maxSequence(), last);
					}
					last = id;
				}
			}
			else if (step instanceof ClockStep clockStep && last >= 0) {
				long before = clock.peek();
				// a step of its own size, or one that leaves the clock just about the tolerance behind
				long target = (clockStep.toEdge()) ? layout.timestampMillis(last) - toleranceMillis - clockStep.millis()
						: before + clockStep.millis();
				// the clock keeps moving (a generator that waited instead of failing would not hang)
				clock.set(target).advanceEvery(1);
				long behind = layout.timestampMillis(last) - clock.peek();
				Statistics.label("clock step back beyond the tolerance").collect(behind > toleranceMillis);
				if (behind > toleranceMillis) {
					assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId)
						.satisfies((ex) -> assertThat(ex.getBackwardsMillis()).isEqualTo(behind));
					assertThat(generator.lastIssuedId()).isEqualTo(last);
					// the host's time is put right again
					clock.set(before);
				}
			}
		}
		Statistics.label("waited for a used-up unit").collect(generator.sequenceExhaustedWaits() > 0);
		Statistics.label("waited out a step back").collect(generator.clockBackwardsWaits() > 0);
		Statistics.label("unit").collect(layout.timeUnitMillis() == 1 ? "1 ms" : "coarser");
		Statistics.label("sequence start").collect(start);
		// the paths this property is about are taken often enough to count
		for (String label : List.of("waited for a used-up unit", "waited out a step back",
				"clock step back beyond the tolerance")) {
			Statistics.label(label).coverage((checker) -> checker.check(true).percentage((p) -> p >= 5));
		}
	}

	private static List<Long> nextIds(IdServiceTwitter generator, int count) {
		Long[] ids = new Long[count];
		for (int i = 0; i < count; i++) {
			ids[i] = generator.nextId();
		}
		return List.of(ids);
	}

	@Provide
	Arbitrary<SnowflakeLayout> layouts() {
		return LayoutArbitraries.layouts(10);
	}

	@Provide
	Arbitrary<List<Step>> runs() {
		Arbitrary<Step> issue = Combinators
			.combine(Arbitraries.integers().between(1, 2 * 1024 + 3), Arbitraries.of(true, false),
					// reads per clock step: mostly few; sometimes enough to use up a 1 ms unit of 10 bits
					Arbitraries.frequencyOf(Tuple.of(4, Arbitraries.integers().between(1, 20)),
							Tuple.of(1, Arbitraries.integers().between(1000, 2500))),
					Arbitraries.longs().between(1, 2000))
			.as(Issue::new);
		Arbitrary<Step> clockStep = Arbitraries.longs().between(-3000, 3000).filter((millis) -> millis != 0)
			.map((millis) -> new ClockStep(millis, false));
		Arbitrary<Step> edgeStep = Arbitraries.longs().between(-2, 2).map((millis) -> new ClockStep(millis, true));
		return Arbitraries.frequencyOf(Tuple.of(6, issue), Tuple.of(3, clockStep), Tuple.of(1, edgeStep))
			.list()
			.ofMinSize(1)
			.ofMaxSize(25);
	}

	/** One step of a run. */
	sealed interface Step permits Issue, ClockStep {

	}

	/**
	 * Issues {@code count} ids, singly or in one batch, while the clock moves {@code stepMillis} every
	 * {@code readsPerStep} reads.
	 */
	record Issue(int count, boolean batch, int readsPerStep, long stepMillis) implements Step {

	}

	/**
	 * Steps the clock by {@code millis}, forwards or backwards; or, {@code toEdge}, to {@code millis}
	 * more than the tolerance behind the start of the last unit ids were issued in.
	 */
	record ClockStep(long millis, boolean toEdge) implements Step {

	}

}
