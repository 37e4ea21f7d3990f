package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SnowflakeLayout}: the presets, and the arithmetic of a layout. The rules and
 * refusals are in {@link SnowflakeLayoutRulesTests}.
 */
class SnowflakeLayoutTests {

	/** Builds a Twitter id by hand, bit by bit, independently of the code under test. */
	private static long id(long timestamp, long datacenterId, long workerId, long sequence) {
		return (timestamp << 22) | (datacenterId << 17) | (workerId << 12) | sequence;
	}

	@Nested
	class Twitter {

		private final SnowflakeLayout layout = SnowflakeLayout.TWITTER;

		@Test
		void issuesTodaysIdsBitForBit() {
			// printed by IdServiceTwitter before layouts were values (commit 2a96145), same clock and ids
			long t = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
			FakeClock clock = new FakeClock(t);
			IdServiceTwitter generator = IdServiceTwitter.builder().workerId(7).datacenterId(19).clock(clock).build();
			assertThat(generator.nextId()).isEqualTo(2006515713441165312L);
			assertThat(generator.nextId()).isEqualTo(2006515713441165313L);
			clock.set(t + 1);
			assertThat(generator.nextId()).isEqualTo(2006515713445359616L);
			IdServiceTwitter withEpoch = IdServiceTwitter.builder()
				.workerId(31)
				.datacenterId(31)
				.epoch(Instant.parse("2020-01-01T00:00:00Z"))
				.clock(clock)
				.build();
			assertThat(withEpoch.nextId()).isEqualTo(794354201403584512L);
		}

		@Test
		void decomposesTodaysIdsAsBefore() {
			// printed by SnowflakeLayout.withDefaultEpoch().decompose before layouts were values
			assertThat(this.layout.decompose(2037146794387279872L)).isEqualTo(new SnowflakeId(2037146794387279872L,
					Instant.parse("2026-03-26T12:36:58.796Z"), 3, 25, 0));
		}

		@Test
		void hasTwittersFieldWidthsUnitAndEpoch() {
			assertThat(this.layout.timeUnit()).isEqualTo(Duration.ofMillis(1));
			assertThat(this.layout.timestampBits()).isEqualTo(41);
			assertThat(this.layout.datacenterBits()).isEqualTo(5);
			assertThat(this.layout.workerBits()).isEqualTo(5);
			assertThat(this.layout.sequenceBits()).isEqualTo(12);
			assertThat(this.layout.timestampShift()).isEqualTo(22);
			assertThat(this.layout.maxWorkerId()).isEqualTo(31);
			assertThat(this.layout.maxDatacenterId()).isEqualTo(31);
			assertThat(this.layout.maxNodeId()).isEqualTo(1023);
			assertThat(this.layout.maxSequence()).isEqualTo(4095);
			assertThat(this.layout.maxTimestamp()).isEqualTo(2_199_023_255_551L);
			assertThat(this.layout.maxId()).isEqualTo(Long.MAX_VALUE);
			assertThat(this.layout.idsPerUnit()).isEqualTo(4096);
			assertThat(this.layout.idsPerSecond()).isEqualTo(4_096_000);
			assertThat(this.layout.yearsCovered()).isBetween(69.68, 69.69);
			assertThat(SnowflakeLayout.DEFAULT_EPOCH).isEqualTo(Instant.parse("2010-11-04T01:42:54.657Z"));
			assertThat(this.layout.epoch()).isEqualTo(SnowflakeLayout.DEFAULT_EPOCH);
			assertThat(this.layout.epochMillis()).isEqualTo(1288834974657L);
			assertThat(SnowflakeLayout.builder().build()).isEqualTo(this.layout);
		}

		@Test
		void decomposeTakesAHandBuiltIdApart() {
			long id = id(123_456_789L, 17, 9, 4000);
			assertThat(this.layout.decompose(id))
				.isEqualTo(new SnowflakeId(id, Instant.ofEpochMilli(1288834974657L + 123_456_789L), 17, 9, 4000));
			assertThat(this.layout.timestampMillis(id)).isEqualTo(1288834974657L + 123_456_789L);
			assertThat(this.layout.compose(Instant.ofEpochMilli(1288834974657L + 123_456_789L), 17, 9, 4000)).isEqualTo(id);
		}

		@Test
		void decomposeKeepsTheFieldsApartAtTheirLimits() {
			assertThat(this.layout.decompose(Long.MAX_VALUE))
				.isEqualTo(new SnowflakeId(Long.MAX_VALUE, this.layout.lastTimestamp(), 31, 31, 4095));
			assertThat(this.layout.decompose(0)).isEqualTo(new SnowflakeId(0, SnowflakeLayout.DEFAULT_EPOCH, 0, 0, 0));
			assertThat(this.layout.decompose(id(0, 31, 0, 0)))
				.isEqualTo(new SnowflakeId(id(0, 31, 0, 0), SnowflakeLayout.DEFAULT_EPOCH, 31, 0, 0));
			assertThat(this.layout.decompose(id(0, 0, 31, 0)))
				.isEqualTo(new SnowflakeId(id(0, 0, 31, 0), SnowflakeLayout.DEFAULT_EPOCH, 0, 31, 0));
		}

		@Test
		void decomposeUsesTheLayoutsEpoch() {
			SnowflakeLayout layout = this.layout.withEpoch(Instant.parse("2020-01-01T00:00:00Z"));
			SnowflakeId decomposed = layout.decompose(id(1000, 1, 2, 3));
			assertThat(decomposed).isEqualTo(new SnowflakeId(id(1000, 1, 2, 3), Instant.parse("2020-01-01T00:00:01Z"), 1, 2, 3));
		}

		@ParameterizedTest(name = "{0}")
		@ValueSource(longs = { -1, Long.MIN_VALUE })
		void decomposeRejectsANegativeId(long id) {
			assertThatIllegalArgumentException().isThrownBy(() -> this.layout.decompose(id))
				.withMessage("id must be between 0 and 9223372036854775807 (" + this.layout + "), was " + id);
		}

		@Test
		void lastTimestampIsTheEpochPlus2To41MinusOneMilliseconds() {
			assertThat(this.layout.lastTimestamp()).isEqualTo(Instant.ofEpochMilli(1288834974657L + (1L << 41) - 1))
				.isEqualTo(Instant.parse("2080-07-10T17:30:30.208Z"));
			assertThat(this.layout.withEpoch(Instant.EPOCH).lastTimestamp()).isEqualTo(Instant.ofEpochMilli((1L << 41) - 1));
		}

		@Test
		void timeLeftCountsDownToZeroAtTheLastTimestamp() {
			Instant last = this.layout.lastTimestamp();
			assertThat(this.layout.timeLeft(SnowflakeLayout.DEFAULT_EPOCH)).isEqualTo(Duration.ofMillis((1L << 41) - 1));
			assertThat(this.layout.timeLeft(last.minus(Duration.ofDays(1)))).isEqualTo(Duration.ofDays(1));
			assertThat(this.layout.timeLeft(last)).isZero();
			assertThat(this.layout.timeLeft(last.plusMillis(1))).isZero();
		}

	}

	@Nested
	class JavascriptSafe {

		private static final long TWO_TO_53 = 9_007_199_254_740_992L;

		private final SnowflakeLayout layout = SnowflakeLayout.JAVASCRIPT_SAFE;

		@Test
		void everyIdIsBelow2To53AndSoExactAsAJavaScriptNumber() {
			assertThat(this.layout.maxId()).isEqualTo(TWO_TO_53 - 1);
			long largest = this.layout.compose(this.layout.lastTimestamp(), this.layout.maxDatacenterId(),
					this.layout.maxWorkerId(), this.layout.maxSequence());
			assertThat(largest).isEqualTo(TWO_TO_53 - 1);
			// a JavaScript number is a double: every id up to the largest survives the round trip
			assertThat((long) (double) largest).isEqualTo(largest);
			assertThat((long) (double) (largest - 1)).isEqualTo(largest - 1);
			assertThatIllegalArgumentException().isThrownBy(() -> this.layout.decompose(TWO_TO_53));
		}

		@Test
		void coversAtLeastSixtyYearsAfterItsEpoch() {
			Instant sixtyYearsOn = this.layout.epoch().atOffset(ZoneOffset.UTC).plusYears(60).toInstant();
			assertThat(this.layout.lastTimestamp()).isAfter(sixtyYearsOn)
				.isEqualTo(Instant.parse("2094-01-19T03:14:07Z"));
			assertThat(this.layout.yearsCovered()).isGreaterThanOrEqualTo(60).isBetween(68.0, 68.1);
			assertThat(this.layout.epoch()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
		}

		@Test
		void hasAtLeast1024NodeIds() {
			assertThat(this.layout.maxNodeId() + 1).isGreaterThanOrEqualTo(1024);
			assertThat(this.layout.nodeId(this.layout.maxDatacenterId(), this.layout.maxWorkerId())).isEqualTo(1023);
		}

		@Test
		void issuesAtLeast4096IdsPerSecondPerNode() {
			assertThat(this.layout.timeUnit()).isEqualTo(Duration.ofSeconds(1));
			assertThat(this.layout.idsPerUnit()).isEqualTo(4096);
			assertThat(this.layout.idsPerSecond()).isGreaterThanOrEqualTo(4096);
			// a generator on a clock frozen within one second issues 4096 ids of that second
			FakeClock clock = new FakeClock(Instant.parse("2026-06-01T00:00:00.250Z").toEpochMilli());
			IdServiceTwitter generator = IdServiceTwitter.builder().layout(this.layout).clock(clock).build();
			long[] ids = generator.nextIds(4096).stream().mapToLong(Long::longValue).toArray();
			assertThat(this.layout.decompose(ids[0]).timestamp()).isEqualTo(Instant.parse("2026-06-01T00:00:00Z"));
			assertThat(this.layout.decompose(ids[4095]).timestamp()).isEqualTo(Instant.parse("2026-06-01T00:00:00Z"));
			assertThat(generator.sequenceExhaustedWaits()).isZero();
		}

	}

	@Nested
	class Arithmetic {

		/** 100 ms units, no datacenter bits, 8 worker bits, 10 sequence bits. */
		private final SnowflakeLayout custom = SnowflakeLayout.builder()
			.timeUnit(Duration.ofMillis(100))
			.timestampBits(40)
			.datacenterBits(0)
			.workerBits(8)
			.sequenceBits(10)
			.epoch(Instant.parse("2024-01-01T00:00:00Z"))
			.build();

		@Test
		void nodeIdJoinsDatacenterIdAndWorkerId() {
			SnowflakeLayout twitter = SnowflakeLayout.TWITTER;
			assertThat(twitter.nodeId(3, 7)).isEqualTo(3 * 32 + 7);
			assertThat(twitter.datacenterIdOf(103)).isEqualTo(3);
			assertThat(twitter.workerIdOf(103)).isEqualTo(7);
			assertThat(this.custom.nodeId(0, 255)).isEqualTo(255);
			assertThat(this.custom.maxDatacenterId()).isZero();
			assertThat(this.custom.datacenterIdOf(255)).isZero();
			assertThat(this.custom.workerIdOf(255)).isEqualTo(255);
		}

		@Test
		void nodeIdRejectsIdsOutOfRangeByName() {
			assertThatIllegalArgumentException().isThrownBy(() -> this.custom.nodeId(1, 0))
				.withMessage("datacenterId must be between 0 and 0, was 1");
			assertThatIllegalArgumentException().isThrownBy(() -> this.custom.nodeId(0, 256))
				.withMessage("workerId must be between 0 and 255, was 256");
			assertThatIllegalArgumentException().isThrownBy(() -> SnowflakeLayout.TWITTER.workerIdOf(1024))
				.withMessage("nodeId must be between 0 and 1023, was 1024");
			assertThatIllegalArgumentException().isThrownBy(() -> SnowflakeLayout.TWITTER.datacenterIdOf(-1))
				.withMessage("nodeId must be between 0 and 1023, was -1");
		}

		@Test
		void composePutsTheUnitThatHoldsTheTimestampIntoTheId() {
			Instant epoch = this.custom.epoch();
			long id = this.custom.compose(epoch.plusMillis(1234), 0, 200, 1000);
			// 1234 ms is unit 12 of 100 ms; fields from the top: timestamp | worker (8) | sequence (10)
			assertThat(id).isEqualTo((12L << 18) | (200L << 10) | 1000);
			assertThat(this.custom.decompose(id)).isEqualTo(new SnowflakeId(id, epoch.plusMillis(1200), 0, 200, 1000));
			assertThat(this.custom.timestampMillis(id)).isEqualTo(epoch.toEpochMilli() + 1200);
		}

		@Test
		void composeRejectsFieldsOutOfRangeByName() {
			Instant epoch = this.custom.epoch();
			Instant end = this.custom.lastTimestamp().plusMillis(100);
			assertThatIllegalArgumentException().isThrownBy(() -> this.custom.compose(epoch.minusMillis(1), 0, 0, 0))
				.withMessage("timestamp must be from " + epoch + " and before " + end + ", was " + epoch.minusMillis(1));
			assertThatIllegalArgumentException().isThrownBy(() -> this.custom.compose(end, 0, 0, 0))
				.withMessageStartingWith("timestamp must be from");
			assertThat(this.custom.compose(end.minusMillis(1), 0, 0, 0) >>> 18).isEqualTo(this.custom.maxTimestamp());
			assertThatIllegalArgumentException().isThrownBy(() -> this.custom.compose(epoch, 0, 0, 1024))
				.withMessage("sequence must be between 0 and 1023, was 1024");
			assertThatIllegalArgumentException().isThrownBy(() -> this.custom.compose(epoch, 0, -1, 0))
				.withMessage("workerId must be between 0 and 255, was -1");
		}

		@Test
		void decomposeRejectsAnIdAboveTheLargest() {
			long above = this.custom.maxId() + 1;
			assertThat(this.custom.maxId()).isEqualTo((1L << 58) - 1);
			assertThatIllegalArgumentException().isThrownBy(() -> this.custom.decompose(above))
				.withMessage("id must be between 0 and " + ((1L << 58) - 1) + " (" + this.custom + "), was " + above);
		}

		@Test
		void unitsRoundDownIncludingBeforeTheEpoch() {
			long epoch = this.custom.epochMillis();
			assertThat(this.custom.unitsSinceEpoch(epoch)).isZero();
			assertThat(this.custom.unitsSinceEpoch(epoch + 99)).isZero();
			assertThat(this.custom.unitsSinceEpoch(epoch + 100)).isEqualTo(1);
			assertThat(this.custom.unitsSinceEpoch(epoch - 1)).isEqualTo(-1);
			assertThat(this.custom.unitStartMillis(epoch + 250)).isEqualTo(epoch + 200);
			assertThat(this.custom.unitStartMillis(epoch - 1)).isEqualTo(epoch - 100);
			assertThat(this.custom.nextUnitStartMillis(epoch + 250)).isEqualTo(epoch + 300);
			assertThat(this.custom.nextUnitStartMillis(epoch + 299)).isEqualTo(epoch + 300);
			assertThat(this.custom.nextUnitStartMillis(epoch + 300)).isEqualTo(epoch + 400);
		}

		@Test
		void capacityFiguresFollowTheFields() {
			assertThat(this.custom.idsPerUnit()).isEqualTo(1024);
			assertThat(this.custom.idsPerSecond()).isEqualTo(10_240);
			assertThat(this.custom.yearsCovered()).isBetween(3484.0, 3485.0);
			// a unit that does not divide a second: ids per second round down
			SnowflakeLayout sevenMillis = this.custom.toBuilder().timeUnit(Duration.ofMillis(7)).build();
			assertThat(sevenMillis.idsPerSecond()).isEqualTo(1024 * 1000 / 7);
		}

		@Test
		void isAValue() {
			assertThat(this.custom.toBuilder().build()).isEqualTo(this.custom).hasSameHashCodeAs(this.custom)
				.isNotSameAs(this.custom);
			assertThat(this.custom.withEpoch(this.custom.epoch())).isSameAs(this.custom);
			assertThat(this.custom.withEpoch(Instant.EPOCH)).isNotEqualTo(this.custom);
			assertThat(this.custom.toBuilder().sequenceBits(11).build()).isNotEqualTo(this.custom);
			assertThat(this.custom.toBuilder().timeUnit(Duration.ofMillis(99)).build()).isNotEqualTo(this.custom);
			assertThat(this.custom).hasToString(
					"SnowflakeLayout[unit 100ms, timestamp 40 | datacenter 0 | worker 8 | sequence 10, epoch 2024-01-01T00:00:00Z]");
		}

	}

}
