package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Timeout.ThreadMode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link IdServiceTwitter} on layouts other than Twitter's: time units coarser than a millisecond,
 * other field widths, and the millisecond a lease compares. On a {@link FakeClock}, whose pauses
 * move it on, so that waits for a whole second take no real time.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = ThreadMode.SEPARATE_THREAD)
class IdServiceTwitterLayoutTests {

	private static final SnowflakeLayout SECONDS = SnowflakeLayout.JAVASCRIPT_SAFE;

	/** The start of a second of the JavaScript-safe layout, 2026-06-01T00:00:00Z. */
	private static final long S = Instant.parse("2026-06-01T00:00:00Z").toEpochMilli();

	private final FakeClock clock = new FakeClock(S);

	private IdServiceTwitter generator(SnowflakeLayout layout) {
		return IdServiceTwitter.builder().layout(layout).workerId(3).datacenterId(5).clock(this.clock).build();
	}

	@Test
	void theTimestampIsTheTimeUnitTheClockReads() {
		this.clock.set(S + 5_700);
		IdServiceTwitter generator = generator(SECONDS);
		long id = generator.nextId();
		long unit = (S - SECONDS.epochMillis()) / 1000 + 5;
		assertThat(id).isEqualTo((unit << 22) | (5L << 17) | (3L << 12));
		assertThat(SECONDS.decompose(id).timestamp()).isEqualTo(Instant.ofEpochMilli(S + 5_000));
	}

	@Test
	void idsOfOneUnitContinueItsSequenceWhileTheClockMovesWithinIt() {
		IdServiceTwitter generator = generator(SECONDS);
		this.clock.advanceEvery(1, 10);
		List<Long> ids = List.of(generator.nextId(), generator.nextId(), generator.nextId());
		assertThat(ids).map((id) -> SECONDS.decompose(id).sequence()).containsExactly(0, 1, 2);
		assertThat(ids).map((id) -> SECONDS.decompose(id).timestamp()).containsOnly(Instant.ofEpochMilli(S));
		this.clock.set(S + 1000);
		SnowflakeId next = SECONDS.decompose(generator.nextId());
		assertThat(next.timestamp()).isEqualTo(Instant.ofEpochMilli(S + 1000));
		assertThat(next.sequence()).isZero();
	}

	@Test
	void aUsedUpUnitIsWaitedOutToTheNextUnitParkedNotSpinning() {
		this.clock.set(S + 250);
		IdServiceTwitter generator = generator(SECONDS);
		List<Long> unit = generator.nextIds(4096);
		this.clock.advanceEvery(1);
		long readsBefore = this.clock.reads();
		long next = generator.nextId();
		assertThat(next).isGreaterThan(unit.get(4095));
		assertThat(SECONDS.decompose(next).timestamp()).isEqualTo(Instant.ofEpochMilli(S + 1000));
		assertThat(SECONDS.decompose(next).sequence()).isZero();
		assertThat(generator.sequenceExhaustedWaits()).isEqualTo(1);
		// one pause to 1 ms before the next unit, then at most a read or two, not 750 spinning reads
		assertThat(this.clock.pausedMillis()).isEqualTo(749);
		assertThat(this.clock.reads() - readsBefore).isLessThanOrEqualTo(3);
	}

	@Test
	void aStepBackWithinTheLastUnitCostsNoWaitWhateverItsSize() {
		this.clock.set(S + 950);
		IdServiceTwitter generator = generator(SECONDS);
		long last = generator.nextId();
		// 900 ms back, far beyond the 5 ms tolerance, but still within the second ids were issued in
		this.clock.step(-900);
		long readsBefore = this.clock.reads();
		long next = generator.nextId();
		assertThat(next).isEqualTo(last + 1);
		assertThat(this.clock.reads() - readsBefore).isEqualTo(1);
		assertThat(generator.clockBackwardsWaits()).isZero();
		assertThat(generator.clockBackwardsFailures()).isZero();
	}

	@Test
	void aStepBackIntoAnEarlierUnitWithinTheToleranceIsWaitedOutToTheUnitsStart() {
		this.clock.set(S + 2);
		IdServiceTwitter generator = generator(SECONDS);
		long last = generator.nextId();
		// 7 ms back: 5 ms before the start of the last unit, the tolerance
		this.clock.step(-7).advanceEvery(1);
		long next = generator.nextId();
		assertThat(next).isEqualTo(last + 1);
		assertThat(this.clock.peek()).isGreaterThanOrEqualTo(S);
		assertThat(generator.clockBackwardsWaits()).isEqualTo(1);
	}

	@Test
	void aStepBackIntoAnEarlierUnitBeyondTheToleranceFailsCountingFromTheUnitsStart() {
		this.clock.set(S + 100);
		IdServiceTwitter generator = generator(SECONDS);
		generator.nextId();
		this.clock.step(-106);
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId)
			.satisfies((ex) -> {
				assertThat(ex.getBackwardsMillis()).isEqualTo(6);
				assertThat(ex.getLastIssued()).isEqualTo(Instant.ofEpochMilli(S));
			})
			.withMessageContaining("no id is issued until the clock is back at " + Instant.ofEpochMilli(S));
		assertThat(generator.clockBackwardsFailures()).isEqualTo(1);
	}

	@Test
	void theLeasesMillisecondIsTheFirstOfTheIdsUnit() {
		// a mark at S + 400 promises all of the second [S, S + 1000): ids issued at S + 999 pass it
		long mark = S + 400;
		this.clock.set(S + 999);
		IdServiceTwitter holder = generator(SECONDS);
		long id = holder.nextId();
		assertThat(SECONDS.timestampMillis(id)).isEqualTo(S).isLessThanOrEqualTo(mark);
		// a successor with that mark as its floor waits until its clock is past the second
		assertThat(SECONDS.nextUnitStartMillis(mark)).isEqualTo(S + 1000);
		this.clock.set(S + 1000);
		IdServiceTwitter successor = IdServiceTwitter.builder().layout(SECONDS).workerId(3).datacenterId(5)
			.clock(this.clock).build();
		assertThat(SECONDS.timestampMillis(successor.nextId())).isGreaterThan(mark);
	}

	@Test
	void workerAndDatacenterIdsFollowTheLayout() {
		SnowflakeLayout wide = SnowflakeLayout.builder().datacenterBits(0).workerBits(10).build();
		IdServiceTwitter generator = IdServiceTwitter.builder().layout(wide).workerId(1023).clock(this.clock).build();
		assertThat(wide.decompose(generator.nextId()).workerId()).isEqualTo(1023);
		assertThatIllegalArgumentException()
			.isThrownBy(() -> IdServiceTwitter.builder().layout(wide).workerId(1024).clock(this.clock).build())
			.withMessage("workerId must be between 0 and 1023, was 1024");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> IdServiceTwitter.builder().layout(wide).datacenterId(1).clock(this.clock).build())
			.withMessage("datacenterId must be between 0 and 0, was 1");
	}

	@Test
	void anEpochSetOnTheBuilderReplacesTheLayoutsOwn() {
		Instant epoch = Instant.parse("2026-05-01T00:00:00Z");
		IdServiceTwitter generator = IdServiceTwitter.builder().epoch(epoch).layout(SECONDS).clock(this.clock).build();
		assertThat(generator.getLayout()).isEqualTo(SECONDS.withEpoch(epoch));
		assertThat(generator.nextId() >>> 22).isEqualTo((S - epoch.toEpochMilli()) / 1000);
	}

	@Test
	void continueAfterWaitsForTheUnitAfterTheGivenIds() {
		this.clock.set(S + 10);
		long previous = generator(SECONDS).nextId();
		IdServiceTwitter successor = IdServiceTwitter.builder().layout(SECONDS).clock(this.clock)
			.continueAfter(previous)
			.build();
		this.clock.advanceEvery(1);
		long first = successor.nextId();
		assertThat(first).isGreaterThan(previous);
		assertThat(SECONDS.decompose(first).timestamp()).isEqualTo(Instant.ofEpochMilli(S + 1000));
		assertThat(this.clock.pausedMillis()).isEqualTo(989);
	}

	@Test
	void continueAfterRefusesAnIdAboveTheLayoutsLargest() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> IdServiceTwitter.builder().layout(SECONDS).clock(this.clock).continueAfter(1L << 53).build())
			.withMessage("continueAfter must be an id of " + SECONDS + ", was " + (1L << 53) + " (above its largest id "
					+ ((1L << 53) - 1) + ")");
	}

	@Test
	void theLastUnitIsIssuedThenTheTimestampsRunOut() {
		long end = SECONDS.lastTimestamp().toEpochMilli() + 1000;
		this.clock.set(end - 1);
		IdServiceTwitter generator = generator(SECONDS);
		long last = generator.nextId();
		assertThat(last >>> 22).isEqualTo(SECONDS.maxTimestamp());
		assertThat(last).isLessThan(1L << 53);
		this.clock.set(end);
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(generator::nextId)
			.withMessageContaining("ran out at " + SECONDS.lastTimestamp());
	}

	@Test
	void aLayoutThatCannotIssueNowIsRefusedNamingTheEpoch() {
		SnowflakeLayout future = SECONDS.withEpoch(Instant.ofEpochMilli(S + 1));
		assertThatExceptionOfType(InvalidLayoutException.class)
			.isThrownBy(() -> IdServiceTwitter.builder().layout(future).clock(this.clock).build())
			.satisfies((ex) -> assertThat(ex.getParameter()).isEqualTo(LayoutParameter.EPOCH));
		assertThat(IdServiceTwitter.builder().layout(SECONDS).clock(this.clock).build().getClockBackwardsTolerance())
			.isEqualTo(Duration.ofMillis(5));
	}

}
