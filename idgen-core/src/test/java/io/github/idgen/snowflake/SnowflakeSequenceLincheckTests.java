package io.github.idgen.snowflake;

import java.time.Duration;
import java.util.List;

import io.github.idgen.testsupport.IssuedIds;
import io.github.idgen.testsupport.LincheckRuns;
import io.github.idgen.testsupport.SteppingClock;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Lincheck explores the interleavings of {@link IdServiceTwitter#nextId()} and
 * {@link IdServiceTwitter#nextIds(int)} (one compare-and-set of {@link SnowflakeSequence} each) with
 * a clock that passes time at every reading and that operations step back, within the
 * clock-backwards tolerance, and forward. Promised: every id once; every id above every id of the
 * calls that returned before its call began; no id of a time later than the clock has shown; and no
 * {@link ClockMovedBackwardsException} for a step back within the tolerance.
 * <p>
 * The layout has 2 sequence bits: four ids per millisecond, so calls use up a millisecond's sequence
 * and wait for the next one, the path where a stale read of the last id could repeat one.
 */
@Param(name = "count", gen = IntGen.class, conf = "1:6")
@Param(name = "back", gen = IntGen.class, conf = "1:3")
public class SnowflakeSequenceLincheckTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().sequenceBits(2).build();

	private static final Duration TOLERANCE = Duration.ofMillis(5);

	/** Four readings a millisecond. */
	private final SteppingClock clock = new SteppingClock(LayoutArbitraries.NOW, 250_000);

	private final IdServiceTwitter generator = IdServiceTwitter.builder()
		.layout(LAYOUT)
		.workerId(3)
		.datacenterId(1)
		.clockBackwardsTolerance(TOLERANCE)
		.clock(this.clock)
		.build();

	private final IssuedIds ids = new IssuedIds();

	@Operation
	public void nextId() {
		long floor = this.ids.floor();
		try {
			long id = this.generator.nextId();
			this.ids.issued(floor, id, "nextId()");
			checkNotAhead(id);
		}
		catch (RuntimeException ex) {
			this.ids.violation("nextId() threw " + ex);
		}
	}

	@Operation
	public void nextIds(@Param(name = "count") int count) {
		long floor = this.ids.floor();
		try {
			List<Long> batch = this.generator.nextIds(count);
			if (batch.size() != count) {
				this.ids.violation("nextIds(" + count + ") returned " + batch.size() + " ids");
			}
			this.ids.issued(floor, batch, "nextIds(" + count + ")");
			batch.forEach(this::checkNotAhead);
		}
		catch (RuntimeException ex) {
			this.ids.violation("nextIds(" + count + ") threw " + ex);
		}
	}

	/** An NTP correction back, within the tolerance: waited out, never refused. */
	@Operation
	public void clockStepsBack(@Param(name = "back") int millis) {
		this.clock.stepBack(millis);
	}

	@Operation
	public void clockStepsForward(@Param(name = "back") int millis) {
		this.clock.stepForward(millis);
	}

	@Validate
	public void everyIdOnceAndIncreasing() {
		this.ids.check();
	}

	private void checkNotAhead(long id) {
		long stamped = LAYOUT.timestampMillis(id);
		if (stamped > this.clock.highestShown()) {
			this.ids.violation(id + " is stamped " + stamped + ", after the clock's highest reading "
					+ this.clock.highestShown());
		}
	}

	@Test
	void modelChecking() {
		LincheckRuns.modelChecking(6, 250).check(getClass());
	}

	@Test
	void stress() {
		LincheckRuns.stress(6, 1_000).check(getClass());
	}

}
