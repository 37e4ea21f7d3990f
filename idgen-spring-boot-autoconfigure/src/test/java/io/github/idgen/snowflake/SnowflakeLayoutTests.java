package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link SnowflakeLayout}.
 */
class SnowflakeLayoutTests {

	/** Builds an id by hand, bit by bit, independently of the code under test. */
	private static long id(long timestamp, long datacenterId, long workerId, long sequence) {
		return (timestamp << 22) | (datacenterId << 17) | (workerId << 12) | sequence;
	}

	@Test
	void decomposeTakesAHandBuiltIdApart() {
		SnowflakeLayout layout = SnowflakeLayout.withDefaultEpoch();
		long id = id(123_456_789L, 17, 9, 4000);
		SnowflakeId decomposed = layout.decompose(id);
		assertThat(decomposed).isEqualTo(
				new SnowflakeId(id, Instant.ofEpochMilli(1288834974657L + 123_456_789L), 17, 9, 4000));
		assertThat(layout.timestampMillis(id)).isEqualTo(1288834974657L + 123_456_789L);
	}

	@Test
	void decomposeUsesTheLayoutsEpoch() {
		Instant epoch = Instant.parse("2020-01-01T00:00:00Z");
		SnowflakeLayout layout = SnowflakeLayout.withEpoch(epoch);
		SnowflakeId decomposed = layout.decompose(id(1000, 1, 2, 3));
		assertThat(decomposed.timestamp()).isEqualTo(Instant.parse("2020-01-01T00:00:01Z"));
		assertThat(decomposed.datacenterId()).isEqualTo(1);
		assertThat(decomposed.workerId()).isEqualTo(2);
		assertThat(decomposed.sequence()).isEqualTo(3);
	}

	@Test
	void decomposeKeepsTheFieldsApartAtTheirLimits() {
		SnowflakeLayout layout = SnowflakeLayout.withDefaultEpoch();
		assertThat(layout.decompose(Long.MAX_VALUE)).isEqualTo(
				new SnowflakeId(Long.MAX_VALUE, layout.lastTimestamp(), 31, 31, 4095));
		assertThat(layout.decompose(0)).isEqualTo(new SnowflakeId(0, SnowflakeLayout.DEFAULT_EPOCH, 0, 0, 0));
		assertThat(layout.decompose(id(0, 31, 0, 0))).isEqualTo(
				new SnowflakeId(id(0, 31, 0, 0), SnowflakeLayout.DEFAULT_EPOCH, 31, 0, 0));
		assertThat(layout.decompose(id(0, 0, 31, 0))).isEqualTo(
				new SnowflakeId(id(0, 0, 31, 0), SnowflakeLayout.DEFAULT_EPOCH, 0, 31, 0));
	}

	@ParameterizedTest(name = "{0}")
	@ValueSource(longs = { -1, Long.MIN_VALUE })
	void decomposeRejectsANegativeId(long id) {
		assertThatIllegalArgumentException().isThrownBy(() -> SnowflakeLayout.withDefaultEpoch().decompose(id))
			.withMessage("id must not be negative, was " + id);
	}

	@Test
	void defaultEpochIsTwitters() {
		assertThat(SnowflakeLayout.DEFAULT_EPOCH.toEpochMilli()).isEqualTo(1288834974657L);
		assertThat(SnowflakeLayout.DEFAULT_EPOCH).isEqualTo(Instant.parse("2010-11-04T01:42:54.657Z"));
		assertThat(SnowflakeLayout.withDefaultEpoch().epoch()).isEqualTo(SnowflakeLayout.DEFAULT_EPOCH);
		assertThat(SnowflakeLayout.withDefaultEpoch().epochMillis()).isEqualTo(1288834974657L);
		assertThat(SnowflakeLayout.withEpoch(Instant.ofEpochMilli(1288834974657L)))
			.isSameAs(SnowflakeLayout.withDefaultEpoch());
	}

	@Test
	void fieldWidthsAreTwitters() {
		assertThat(SnowflakeLayout.TIMESTAMP_BITS + SnowflakeLayout.DATACENTER_ID_BITS + SnowflakeLayout.WORKER_ID_BITS
				+ SnowflakeLayout.SEQUENCE_BITS).isEqualTo(63);
		assertThat(SnowflakeLayout.MAX_WORKER_ID).isEqualTo(31);
		assertThat(SnowflakeLayout.MAX_DATACENTER_ID).isEqualTo(31);
		assertThat(SnowflakeLayout.MAX_NODE_ID).isEqualTo(1023);
		assertThat(SnowflakeLayout.MAX_SEQUENCE).isEqualTo(4095);
		assertThat(SnowflakeLayout.MAX_TIMESTAMP).isEqualTo(2_199_023_255_551L);
	}

	@Test
	void lastTimestampIsTheEpochPlus2To41MinusOneMilliseconds() {
		assertThat(SnowflakeLayout.withDefaultEpoch().lastTimestamp())
			.isEqualTo(Instant.ofEpochMilli(1288834974657L + (1L << 41) - 1))
			.isEqualTo(Instant.parse("2080-07-10T17:30:30.208Z"));
		assertThat(SnowflakeLayout.withEpoch(Instant.EPOCH).lastTimestamp())
			.isEqualTo(Instant.ofEpochMilli((1L << 41) - 1));
	}

	@Test
	void timeLeftCountsDownToZeroAtTheLastTimestamp() {
		SnowflakeLayout layout = SnowflakeLayout.withDefaultEpoch();
		Instant last = layout.lastTimestamp();
		assertThat(layout.timeLeft(SnowflakeLayout.DEFAULT_EPOCH)).isEqualTo(Duration.ofMillis((1L << 41) - 1));
		assertThat(layout.timeLeft(last.minus(Duration.ofDays(1)))).isEqualTo(Duration.ofDays(1));
		assertThat(layout.timeLeft(last)).isZero();
		assertThat(layout.timeLeft(last.plusMillis(1))).isZero();
		assertThat(layout.timeLeft(last.plus(Duration.ofDays(365)))).isZero();
	}

	@Test
	void withEpochRejectsAnEpochBefore1970() {
		assertThatIllegalArgumentException().isThrownBy(() -> SnowflakeLayout.withEpoch(Instant.EPOCH.minusMillis(1)))
			.withMessage("epoch must not be before 1970-01-01T00:00:00Z, was 1969-12-31T23:59:59.999Z");
	}

	@Test
	void withEpochRejectsAnEpochWithASubMillisecondPart() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> SnowflakeLayout.withEpoch(Instant.EPOCH.plusNanos(1)))
			.withMessage("epoch must be a whole millisecond, was 1970-01-01T00:00:00.000000001Z");
	}

}
