package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;

import io.github.idgen.shard.Shards;

/**
 * The rules a {@link SnowflakeLayout} must meet, each refusal naming the parameter, the value and the
 * fix (an {@link InvalidLayoutException}).
 */
final class LayoutRules {

	/** A Julian year (365.25 days), the year of {@link SnowflakeLayout#yearsCovered()}. */
	static final long MILLIS_PER_YEAR = 31_557_600_000L;

	/** Fewest years of timestamps a layout must cover. */
	static final int MIN_YEARS = 10;

	/** Most bits of the node id (datacenter and worker together), so that a node id is an {@code int}. */
	static final int MAX_NODE_BITS = 31;

	/** Most bits of the sequence, so that a sequence value is an {@code int}. */
	static final int MAX_SEQUENCE_BITS = 31;

	/**
	 * Largest span of timestamps in milliseconds (2^62 ms, about 146 million years), so that every
	 * timestamp of a layout is a {@code long} of milliseconds since 1970.
	 */
	static final long MAX_SPAN_MILLIS = 1L << 62;

	private static final Duration SMALLEST_UNIT = Duration.ofMillis(1);

	private static final Duration LARGEST_UNIT = Duration.ofSeconds(1);

	private LayoutRules() {
	}

	static void checkTimeUnit(Duration unit) {
		if (unit.compareTo(SMALLEST_UNIT) < 0 || unit.compareTo(LARGEST_UNIT) > 0) {
			throw new InvalidLayoutException(LayoutParameter.TIME_UNIT, describe(unit), "is outside 1ms to 1s",
					"choose a time unit from 1ms to 1s");
		}
		if (unit.getNano() % 1_000_000 != 0) {
			throw new InvalidLayoutException(LayoutParameter.TIME_UNIT, describe(unit), "is not a whole number of milliseconds",
					"round it to whole milliseconds, for example " + Math.max(1, unit.toMillis()) + "ms");
		}
	}

	static void checkBits(int timestampBits, int datacenterBits, int workerBits, int sequenceBits, int shardBits) {
		if (timestampBits < 1) {
			throw new InvalidLayoutException(LayoutParameter.TIMESTAMP_BITS, timestampBits, "is not positive",
					"give the timestamp enough bits for " + MIN_YEARS + " years at the layout's time unit");
		}
		if (datacenterBits < 0) {
			throw new InvalidLayoutException(LayoutParameter.DATACENTER_BITS, datacenterBits, "is negative",
					"give it 0 or more bits (0 for a layout without a datacenter id)");
		}
		if (workerBits < 1) {
			throw new InvalidLayoutException(LayoutParameter.WORKER_BITS, workerBits, "is not positive",
					"give it at least 1 bit: every layout has a worker id");
		}
		if (sequenceBits < 1) {
			throw new InvalidLayoutException(LayoutParameter.SEQUENCE_BITS, sequenceBits, "is not positive",
					"give it at least 1 bit: every layout has a sequence");
		}
		if (workerBits > MAX_NODE_BITS) {
			throw new InvalidLayoutException(LayoutParameter.WORKER_BITS, workerBits, "is more than " + MAX_NODE_BITS,
					"give it at most " + MAX_NODE_BITS + " bits");
		}
		if (datacenterBits + workerBits > MAX_NODE_BITS) {
			throw new InvalidLayoutException(LayoutParameter.DATACENTER_BITS, datacenterBits,
					"with " + workerBits + " worker bits makes " + (datacenterBits + workerBits) + " node bits, more than "
							+ MAX_NODE_BITS,
					"give it at most " + (MAX_NODE_BITS - workerBits) + " bits");
		}
		if (sequenceBits > MAX_SEQUENCE_BITS) {
			throw new InvalidLayoutException(LayoutParameter.SEQUENCE_BITS, sequenceBits,
					"is more than " + MAX_SEQUENCE_BITS, "give it at most " + MAX_SEQUENCE_BITS + " bits");
		}
		if (shardBits < 0 || shardBits > Shards.MAX_SHARD_BITS) {
			throw new InvalidLayoutException(LayoutParameter.SHARD_BITS, shardBits,
					"is outside 0 to " + Shards.MAX_SHARD_BITS, "give it 0 (no shard) to " + Shards.MAX_SHARD_BITS
							+ " bits (" + (1 << Shards.MAX_SHARD_BITS) + " shards)");
		}
		int others = datacenterBits + workerBits + sequenceBits + shardBits;
		if (timestampBits + others > 63) {
			String fields = (shardBits > 0)
					? datacenterBits + " + " + workerBits + " + " + sequenceBits + " + " + shardBits
							+ " datacenter, worker, sequence and shard bits"
					: datacenterBits + " + " + workerBits + " + " + sequenceBits + " datacenter, worker and sequence bits";
			throw new InvalidLayoutException(LayoutParameter.TIMESTAMP_BITS, timestampBits,
					"with " + fields + " makes " + (timestampBits + others) + " bits, more than the 63 of a positive long",
					"give it at most " + (63 - others) + " bits, or take bits off the other fields");
		}
	}

	static void checkSpan(int timestampBits, long unitMillis) {
		if (timestampBits >= 62 || unitMillis > MAX_SPAN_MILLIS >>> timestampBits) {
			throw new InvalidLayoutException(LayoutParameter.TIMESTAMP_BITS, timestampBits,
					"at a " + unitMillis + "ms time unit spans more than 2^62 ms (146 million years)",
					"give it at most " + (62 - Long.SIZE + Long.numberOfLeadingZeros(unitMillis - 1)) + " bits");
		}
		long spanMillis = unitMillis << timestampBits;
		if (spanMillis < MIN_YEARS * MILLIS_PER_YEAR) {
			int needed = 64 - Long.numberOfLeadingZeros((MIN_YEARS * MILLIS_PER_YEAR - 1) / unitMillis);
			throw new InvalidLayoutException(LayoutParameter.TIMESTAMP_BITS, timestampBits,
					"at a " + unitMillis + "ms time unit covers " + years(spanMillis) + " years of timestamps, fewer than "
							+ MIN_YEARS,
					"give it at least " + needed + " bits, or choose a coarser time unit");
		}
	}

	static void checkEpoch(Instant epoch) {
		if (epoch.isBefore(Instant.EPOCH)) {
			throw new InvalidLayoutException(LayoutParameter.EPOCH, epoch, "is before 1970-01-01T00:00:00Z",
					"choose an epoch from 1970 on, shortly before the first id");
		}
		if (epoch.getNano() % 1_000_000 != 0) {
			throw new InvalidLayoutException(LayoutParameter.EPOCH, epoch, "is not a whole millisecond",
					"drop its fraction of a millisecond");
		}
		if (epoch.isAfter(Instant.ofEpochMilli(MAX_SPAN_MILLIS))) {
			throw new InvalidLayoutException(LayoutParameter.EPOCH, epoch, "is after " + Instant.ofEpochMilli(MAX_SPAN_MILLIS),
					"choose an epoch shortly before the first id");
		}
	}

	/**
	 * Checks that a layout can issue ids at {@code nowMillis}: its epoch is not later and its
	 * timestamps have not run out.
	 */
	static void checkIssuableAt(SnowflakeLayout layout, long nowMillis) {
		Instant now = Instant.ofEpochMilli(nowMillis);
		if (layout.epochMillis() > nowMillis) {
			throw new InvalidLayoutException(LayoutParameter.EPOCH, layout.epoch(),
					"is in the future (the clock reads " + now + ")", "choose an epoch before the first id");
		}
		long spanMillis = layout.timeUnitMillis() << layout.timestampBits();
		if (nowMillis - layout.epochMillis() >= spanMillis) {
			throw new InvalidLayoutException(LayoutParameter.EPOCH, layout.epoch(),
					"is too far back for " + layout.timestampBits() + " timestamp bits at a " + layout.timeUnitMillis()
							+ "ms time unit: their " + years(spanMillis) + " years ran out at " + layout.lastTimestamp()
							+ " (the clock reads " + now + ")",
					"choose an epoch after " + Instant.ofEpochMilli(nowMillis - spanMillis) + ", or more timestamp bits");
		}
	}

	static int checkField(String name, long value, int max) {
		if (value < 0 || value > max) {
			throw new IllegalArgumentException(name + " must be between 0 and " + max + ", was " + value);
		}
		return (int) value;
	}

	static String years(long millis) {
		return String.valueOf(Math.floor(10.0 * millis / MILLIS_PER_YEAR) / 10);
	}

	static String describe(Duration unit) {
		boolean wholeMillis = unit.getNano() % 1_000_000 == 0 && unit.getSeconds() >= 0 && unit.getSeconds() < 1_000_000;
		return wholeMillis ? unit.toMillis() + "ms" : unit.toString();
	}

}
