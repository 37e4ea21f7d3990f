package io.github.idgen.segment;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DynamicStepTests {

	static final long MINUTE = Duration.ofMinutes(1).toNanos();

	final DynamicStep step = new DynamicStep(4000, 15 * MINUTE);

	@Test
	void firstAllocationTakesTheRowsStep() {
		assertThat(this.step.next(0, false)).isEqualTo(1);
		this.step.allocated(1, range(1000), 0);
		assertThat(this.step.current()).isEqualTo(1000);
	}

	@Test
	void rangeUsedUpWithinTheTargetDoublesTheStepUpToTheMaximum() {
		this.step.allocated(1, range(1000), 0);
		assertThat(this.step.next(MINUTE, false)).isEqualTo(2000);
		this.step.allocated(2000, range(1000), MINUTE);
		assertThat(this.step.next(2 * MINUTE, false)).isEqualTo(4000);
		this.step.allocated(4000, range(1000), 2 * MINUTE);
		assertThat(this.step.next(3 * MINUTE, false)).isEqualTo(4000);
	}

	@Test
	void rangeThatLastedBetweenOnceAndTwiceTheTargetKeepsTheStep() {
		this.step.allocated(2000, range(1000), 0);
		assertThat(this.step.next(20 * MINUTE, false)).isEqualTo(2000);
	}

	@Test
	void rangeThatLastedOverTwiceTheTargetHalvesTheStepDownToTheRowsStep() {
		this.step.allocated(4000, range(1000), 0);
		assertThat(this.step.next(31 * MINUTE, false)).isEqualTo(2000);
		this.step.allocated(2000, range(1500), 0);
		assertThat(this.step.next(31 * MINUTE, false)).isEqualTo(1500);
	}

	@Test
	void callersWhoWaitedDoubleTheStepWhateverTheRangeLasted() {
		this.step.allocated(1000, range(1000), 0);
		assertThat(this.step.next(60 * MINUTE, true)).isEqualTo(2000);
	}

	@Test
	void rowStepAboveTheMaximumWins() {
		this.step.allocated(1, range(10_000), 0);
		assertThat(this.step.next(MINUTE, false)).isEqualTo(10_000);
	}

	@Test
	void neverGrowsPastTheRowsMaxLimitId() {
		this.step.allocated(1, new SegmentRange("t", 1, 10, 10, 99), 0);
		assertThat(this.step.next(MINUTE, true)).isEqualTo(20);
		this.step.allocated(20, new SegmentRange("t", 11, 30, 10, 99), MINUTE);
		assertThat(this.step.next(2 * MINUTE, true)).isEqualTo(40);
		this.step.allocated(40, new SegmentRange("t", 31, 70, 10, 99), 2 * MINUTE);
		assertThat(this.step.next(3 * MINUTE, true)).isEqualTo(80);
		this.step.allocated(80, new SegmentRange("t", 71, 99, 10, 99), 3 * MINUTE);
		assertThat(this.step.next(4 * MINUTE, true)).isEqualTo(99);
		assertThat(this.step.current()).isEqualTo(80);
	}

	@Test
	void rowStepAboveTheMaxLimitIdIsCutToIt() {
		this.step.allocated(1, new SegmentRange("t", 1, 99, 1000, 99), 0);
		assertThat(this.step.current()).isEqualTo(99);
		assertThat(this.step.next(MINUTE, false)).isEqualTo(99);
	}

	private static SegmentRange range(int rowStep) {
		return new SegmentRange("t", 1, rowStep, rowStep, Long.MAX_VALUE);
	}

}
