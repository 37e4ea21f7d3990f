package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;

/**
 * Every rule of a {@link SnowflakeLayout} and every refusal: each names the parameter, the value
 * and the fix, and the values at the edge of each rule are accepted.
 */
class SnowflakeLayoutRulesTests {

	private static void assertRefused(UnaryOperator<SnowflakeLayoutBuilder> settings, LayoutParameter parameter,
			String message) {
		assertThatExceptionOfType(InvalidLayoutException.class)
			.isThrownBy(() -> settings.apply(SnowflakeLayout.builder()).build())
			.withMessage(message)
			.satisfies((ex) -> assertThat(ex.getParameter()).isEqualTo(parameter));
	}

	private static void assertAccepted(UnaryOperator<SnowflakeLayoutBuilder> settings) {
		assertThatNoException().isThrownBy(() -> settings.apply(SnowflakeLayout.builder()).build());
	}

	@Test
	void theRefusalCarriesParameterValueProblemAndFixApart() {
		assertThatExceptionOfType(InvalidLayoutException.class)
			.isThrownBy(() -> SnowflakeLayout.builder().timestampBits(38).build())
			.satisfies((ex) -> {
				assertThat(ex.getParameter()).isEqualTo(LayoutParameter.TIMESTAMP_BITS);
				assertThat(ex.getParameter().builderName()).isEqualTo("timestampBits");
				assertThat(ex.getValue()).isEqualTo("38");
				assertThat(ex.getProblem()).isEqualTo("at a 1ms time unit covers 8.7 years of timestamps, fewer than 10");
				assertThat(ex.getFix()).isEqualTo("give it at least 39 bits, or choose a coarser time unit");
				assertThat(ex).isInstanceOf(IllegalArgumentException.class);
			});
	}

	@ParameterizedTest(name = "{0} ns")
	@CsvSource({ "0, 0ms", "999999, PT0.000999999S", "1001000000, 1001ms", "2000000000, 2000ms", "-1000000, PT-0.001S" })
	void aTimeUnitOutsideOneMillisecondToOneSecondIsRefused(long nanos, String shown) {
		assertRefused((b) -> b.timeUnit(Duration.ofNanos(nanos)), LayoutParameter.TIME_UNIT,
				"timeUnit " + shown + " is outside 1ms to 1s: choose a time unit from 1ms to 1s");
	}

	@Test
	void aTimeUnitOfPartMillisecondsIsRefused() {
		assertRefused((b) -> b.timeUnit(Duration.ofNanos(1_500_000)), LayoutParameter.TIME_UNIT,
				"timeUnit PT0.0015S is not a whole number of milliseconds: round it to whole milliseconds, for example 1ms");
	}

	@Test
	void timeUnitsOfOneMillisecondAndOneSecondAreAccepted() {
		assertAccepted((b) -> b.timeUnit(Duration.ofMillis(1)));
		assertAccepted((b) -> b.timeUnit(Duration.ofSeconds(1)).timestampBits(29));
	}

	@Test
	void fieldsWithoutBitsAreRefusedExceptTheDatacenterId() {
		assertRefused((b) -> b.timestampBits(0), LayoutParameter.TIMESTAMP_BITS,
				"timestampBits 0 is not positive: give the timestamp enough bits for 10 years at the layout's time unit");
		assertRefused((b) -> b.datacenterBits(-1), LayoutParameter.DATACENTER_BITS,
				"datacenterBits -1 is negative: give it 0 or more bits (0 for a layout without a datacenter id)");
		assertRefused((b) -> b.workerBits(0), LayoutParameter.WORKER_BITS,
				"workerBits 0 is not positive: give it at least 1 bit: every layout has a worker id");
		assertRefused((b) -> b.sequenceBits(0), LayoutParameter.SEQUENCE_BITS,
				"sequenceBits 0 is not positive: give it at least 1 bit: every layout has a sequence");
		assertAccepted((b) -> b.datacenterBits(0).workerBits(1).sequenceBits(1));
	}

	@Test
	void moreThan31NodeBitsOrSequenceBitsAreRefused() {
		assertRefused((b) -> b.timestampBits(10).workerBits(32), LayoutParameter.WORKER_BITS,
				"workerBits 32 is more than 31: give it at most 31 bits");
		assertRefused((b) -> b.timestampBits(10).datacenterBits(27).workerBits(5), LayoutParameter.DATACENTER_BITS,
				"datacenterBits 27 with 5 worker bits makes 32 node bits, more than 31: give it at most 26 bits");
		assertRefused((b) -> b.timestampBits(10).sequenceBits(32), LayoutParameter.SEQUENCE_BITS,
				"sequenceBits 32 is more than 31: give it at most 31 bits");
		assertAccepted((b) -> b.timeUnit(Duration.ofSeconds(1)).timestampBits(29).datacenterBits(0).workerBits(31)
			.sequenceBits(1));
		assertAccepted((b) -> b.timeUnit(Duration.ofSeconds(1)).timestampBits(29).datacenterBits(0).workerBits(1)
			.sequenceBits(31));
	}

	@Test
	void moreThan63BitsInAllAreRefused() {
		assertRefused((b) -> b.timestampBits(42), LayoutParameter.TIMESTAMP_BITS,
				"timestampBits 42 with 5 + 5 + 12 datacenter, worker and sequence bits makes 64 bits, more than the 63 of"
						+ " a positive long: give it at most 41 bits, or take bits off the other fields");
		assertRefused((b) -> b.sequenceBits(13), LayoutParameter.TIMESTAMP_BITS,
				"timestampBits 41 with 5 + 5 + 13 datacenter, worker and sequence bits makes 64 bits, more than the 63 of"
						+ " a positive long: give it at most 40 bits, or take bits off the other fields");
		assertAccepted((b) -> b.timestampBits(41));
	}

	@Test
	void shardBitsOutsideZeroToTenAreRefused() {
		assertRefused((b) -> b.sequenceBits(1).shardBits(11), LayoutParameter.SHARD_BITS,
				"shardBits 11 is outside 0 to 10: give it 0 (no shard) to 10 bits (1024 shards)");
		assertRefused((b) -> b.shardBits(-1), LayoutParameter.SHARD_BITS,
				"shardBits -1 is outside 0 to 10: give it 0 (no shard) to 10 bits (1024 shards)");
		assertAccepted((b) -> b.sequenceBits(2).shardBits(10));
	}

	@Test
	void shardBitsCountTowardsThe63() {
		assertRefused((b) -> b.shardBits(1), LayoutParameter.TIMESTAMP_BITS,
				"timestampBits 41 with 5 + 5 + 12 + 1 datacenter, worker, sequence and shard bits makes 64 bits, more"
						+ " than the 63 of a positive long: give it at most 40 bits, or take bits off the other fields");
		assertAccepted((b) -> b.sequenceBits(11).shardBits(1));
	}

	@Test
	void fewerThanTenYearsOfTimestampsAreRefused() {
		assertRefused((b) -> b.timeUnit(Duration.ofSeconds(1)).timestampBits(28), LayoutParameter.TIMESTAMP_BITS,
				"timestampBits 28 at a 1000ms time unit covers 8.5 years of timestamps, fewer than 10: give it at least"
						+ " 29 bits, or choose a coarser time unit");
		// 2^38 ms is 8.7 years, 2^39 ms 17.4; 2^28 s is 8.5 years, 2^29 s 17.0
		assertRefused((b) -> b.timestampBits(38), LayoutParameter.TIMESTAMP_BITS,
				"timestampBits 38 at a 1ms time unit covers 8.7 years of timestamps, fewer than 10: give it at least"
						+ " 39 bits, or choose a coarser time unit");
		assertAccepted((b) -> b.timestampBits(39));
		assertAccepted((b) -> b.timeUnit(Duration.ofSeconds(1)).timestampBits(29));
	}

	@Test
	void aTimestampSpanBeyondALongOfMillisecondsIsRefused() {
		// 2^53 s do not fit into a long of milliseconds since 1970; 2^52 s do
		assertRefused((b) -> b.timeUnit(Duration.ofSeconds(1)).timestampBits(53).datacenterBits(0).workerBits(1)
			.sequenceBits(1), LayoutParameter.TIMESTAMP_BITS,
				"timestampBits 53 at a 1000ms time unit spans more than 2^62 ms (146 million years): give it at most 52 bits");
		assertAccepted((b) -> b.timeUnit(Duration.ofSeconds(1)).timestampBits(52).datacenterBits(0).workerBits(1)
			.sequenceBits(1));
		assertRefused((b) -> b.timestampBits(62).datacenterBits(0).workerBits(1).sequenceBits(1),
				LayoutParameter.TIMESTAMP_BITS, "timestampBits 62 with 0 + 1 + 1 datacenter, worker and sequence bits"
						+ " makes 64 bits, more than the 63 of a positive long: give it at most 61 bits, or take bits off the other fields");
		assertAccepted((b) -> b.timestampBits(61).datacenterBits(0).workerBits(1).sequenceBits(1));
	}

	@Test
	void anEpochBefore1970OrWithAPartMillisecondOrAbsurdlyLateIsRefused() {
		assertRefused((b) -> b.epoch(Instant.EPOCH.minusMillis(1)), LayoutParameter.EPOCH,
				"epoch 1969-12-31T23:59:59.999Z is before 1970-01-01T00:00:00Z: choose an epoch from 1970 on, shortly"
						+ " before the first id");
		assertRefused((b) -> b.epoch(Instant.EPOCH.plusNanos(1)), LayoutParameter.EPOCH,
				"epoch 1970-01-01T00:00:00.000000001Z is not a whole millisecond: drop its fraction of a millisecond");
		Instant late = Instant.ofEpochMilli((1L << 62) + 1);
		assertRefused((b) -> b.epoch(late), LayoutParameter.EPOCH,
				"epoch " + late + " is after " + Instant.ofEpochMilli(1L << 62) + ": choose an epoch shortly before the first id");
		assertAccepted((b) -> b.epoch(Instant.EPOCH));
	}

	@Test
	void nullsAreRefusedByName() {
		SnowflakeLayoutBuilder builder = SnowflakeLayout.builder();
		assertThatExceptionOfType(NullPointerException.class).isThrownBy(() -> builder.timeUnit(null))
			.withMessage("timeUnit must not be null");
		assertThatExceptionOfType(NullPointerException.class).isThrownBy(() -> builder.epoch(null))
			.withMessage("epoch must not be null");
	}

	@Test
	void anEpochInTheFutureCannotIssue() {
		SnowflakeLayout layout = SnowflakeLayout.TWITTER.withEpoch(Instant.parse("2030-01-01T00:00:00Z"));
		long now = Instant.parse("2029-12-31T23:59:59.999Z").toEpochMilli();
		assertThatExceptionOfType(InvalidLayoutException.class).isThrownBy(() -> layout.checkIssuableAt(now))
			.withMessage("epoch 2030-01-01T00:00:00Z is in the future (the clock reads 2029-12-31T23:59:59.999Z): choose"
					+ " an epoch before the first id")
			.satisfies((ex) -> assertThat(ex.getParameter()).isEqualTo(LayoutParameter.EPOCH));
		assertThatNoException().isThrownBy(() -> layout.checkIssuableAt(now + 1));
	}

	@Test
	void anEpochTooFarBackForTheTimestampBitsCannotIssue() {
		// 2^31 s after 2026-01-01 is 2094-01-19T03:14:08Z: the last second is 03:14:07
		SnowflakeLayout layout = SnowflakeLayout.JAVASCRIPT_SAFE;
		long end = Instant.parse("2094-01-19T03:14:08Z").toEpochMilli();
		assertThatNoException().isThrownBy(() -> layout.checkIssuableAt(end - 1));
		assertThatExceptionOfType(InvalidLayoutException.class).isThrownBy(() -> layout.checkIssuableAt(end))
			.withMessage("epoch 2026-01-01T00:00:00Z is too far back for 31 timestamp bits at a 1000ms time unit: their"
					+ " 68.0 years ran out at 2094-01-19T03:14:07Z (the clock reads 2094-01-19T03:14:08Z): choose an epoch"
					+ " after 2026-01-01T00:00:00Z, or more timestamp bits")
			.satisfies((ex) -> assertThat(ex.getParameter()).isEqualTo(LayoutParameter.EPOCH));
	}

}
