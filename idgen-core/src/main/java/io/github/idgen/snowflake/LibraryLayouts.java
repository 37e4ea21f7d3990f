package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;

/**
 * The default Snowflake layouts of the id libraries teams move to idgen from, each as the library's
 * own source defines it: ids idgen issues on one of them keep the old ids' shape (their digit count,
 * their fields) and sort after the ids the library issued before, and the old ids decode with
 * {@link SnowflakeLayout#decompose(long)}. The layout fixes the fields, not how the library started a
 * time unit's sequence: idgen's {@link SequenceStart} applies to its own ids.
 */
public final class LibraryLayouts {

	/**
	 * Leaf's Snowflake mode: Twitter's epoch, 1 ms, 41 timestamp bits, one 10-bit worker id (Leaf's
	 * worker ids 0..1023, no datacenter id), 12 sequence bits. Bit for bit the ids of
	 * {@link SnowflakeLayout#TWITTER} with node id = Leaf's worker id.
	 */
	public static final SnowflakeLayout LEAF = SnowflakeLayout.builder().datacenterBits(0).workerBits(10).build();

	/**
	 * MyBatis-Plus' {@code Sequence} (its {@code ASSIGN_ID}) and Hutool's {@code Snowflake}: Twitter's
	 * epoch, 1 ms, 41 timestamp bits, 5 datacenter bits, 5 worker bits, 12 sequence bits, that is
	 * {@link SnowflakeLayout#TWITTER}.
	 */
	public static final SnowflakeLayout MYBATIS_PLUS = SnowflakeLayout.TWITTER;

	/**
	 * Baidu uid-generator's default {@code BitsAllocator}: 1 s, 28 timestamp bits from
	 * 2016-05-19T16:00:00Z (its epoch "2016-05-20" in UTC+8), 22 worker bits, 13 sequence bits. Its
	 * 2^28 seconds ran out at 2024-11-20T13:24:15Z: the layout decodes the ids issued before and
	 * issues none ({@link SnowflakeLayout#checkIssuableAt(long)} refuses it); it is below the 10 years
	 * a layout built with {@link SnowflakeLayout#builder()} must cover, which is why it is only here.
	 */
	public static final SnowflakeLayout UID_GENERATOR = new SnowflakeLayout(Duration.ofSeconds(1), 28, 0, 22, 13, 0,
			Instant.ofEpochSecond(1463673600L), false);

	/**
	 * Yitter IdGenerator's default (its Snowflake method, {@code IdGeneratorOptions} as it comes): 1 ms
	 * from 2020-02-19T18:20:02Z (1582136402000), 6 worker bits, 6 sequence bits and every bit above
	 * them for the timestamp (51).
	 */
	public static final SnowflakeLayout YITTER = SnowflakeLayout.builder()
		.timestampBits(51)
		.datacenterBits(0)
		.workerBits(6)
		.sequenceBits(6)
		.epoch(Instant.ofEpochMilli(1582136402000L))
		.build();

	/**
	 * Sonyflake's default: 10 ms from 2014-09-01T00:00:00Z, 39 timestamp bits, then 8 sequence bits
	 * <em>above</em> a 16-bit machine id ({@link SnowflakeLayout#sequenceAboveNode()}): 65,536 nodes,
	 * 25,600 ids per second each.
	 */
	public static final SnowflakeLayout SONYFLAKE = SnowflakeLayout.builder()
		.timeUnit(Duration.ofMillis(10))
		.timestampBits(39)
		.datacenterBits(0)
		.workerBits(16)
		.sequenceBits(8)
		.sequenceAboveNode(true)
		.epoch(Instant.parse("2014-09-01T00:00:00Z"))
		.build();

	private LibraryLayouts() {
	}

}
