package io.github.idgen.snowflake;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.LongSupplier;

import cn.hutool.core.lang.Snowflake;
import com.baomidou.mybatisplus.core.toolkit.Sequence;
import com.github.yitter.contract.IdGeneratorOptions;
import com.github.yitter.idgen.DefaultIdGenerator;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The layouts of {@link LibraryLayouts} against the libraries themselves, where they are on Maven
 * Central (Hutool, MyBatis-Plus, Yitter): their ids decode to the fields the library was given or
 * reports, and idgen's ids on the same node, once the clock has passed the library's last id, sort
 * after every one of them with as many digits. Leaf, uid-generator and Sonyflake (Go) are not on Maven
 * Central: their ids are put together by the formulas their documentation gives.
 */
class LibraryLayoutsPeerTests {

	@Test
	void hutoolsIdsDecodeWithTheMybatisPlusLayoutToTheFieldsHutoolReads() {
		Snowflake hutool = new Snowflake(21, 9);
		List<Long> ids = take(hutool::nextId);
		for (long id : ids) {
			SnowflakeId decoded = LibraryLayouts.MYBATIS_PLUS.decompose(id);
			assertThat(decoded.workerId()).isEqualTo(hutool.getWorkerId(id)).isEqualTo(21);
			assertThat(decoded.datacenterId()).isEqualTo(hutool.getDataCenterId(id)).isEqualTo(9);
			assertThat(decoded.timestamp().toEpochMilli()).isEqualTo(hutool.getGenerateDateTime(id));
		}
		assertIdgenContinuesAbove(ids, LibraryLayouts.MYBATIS_PLUS, 21, 9);
	}

	@Test
	void mybatisPlusIdsDecodeToTheirNodeAndTheTimeMybatisPlusReads() {
		long before = System.currentTimeMillis();
		Sequence sequence = new Sequence(17, 3);
		List<Long> ids = take(sequence::nextId);
		long after = System.currentTimeMillis();
		for (long id : ids) {
			SnowflakeId decoded = LibraryLayouts.MYBATIS_PLUS.decompose(id);
			assertThat(decoded.workerId()).isEqualTo(17);
			assertThat(decoded.datacenterId()).isEqualTo(3);
			assertThat(decoded.timestamp().toEpochMilli()).isEqualTo(Sequence.parseIdTimestamp(id)).isBetween(before, after);
		}
		assertIdgenContinuesAbove(ids, LibraryLayouts.MYBATIS_PLUS, 17, 3);
	}

	@Test
	void yittersIdsDecodeToItsWorkerIdItsReservedSequenceStartAndTheirTime() throws Exception {
		long before = System.currentTimeMillis();
		DefaultIdGenerator yitter = new DefaultIdGenerator(new IdGeneratorOptions((short) 42));
		List<Long> ids = take(yitter::newLong);
		for (long id : ids) {
			SnowflakeId decoded = LibraryLayouts.YITTER.decompose(id);
			assertThat(decoded.workerId()).isEqualTo(42);
			assertThat(decoded.datacenterId()).isZero();
			// Yitter keeps sequences 0..4 for itself: its ids use 5..63
			assertThat(decoded.sequence()).isBetween(5, 63);
			// under load Yitter borrows time ahead of the clock: its ids are never before they were asked for
			assertThat(decoded.timestamp().toEpochMilli()).isGreaterThanOrEqualTo(before);
		}
		assertIdgenContinuesAbove(ids, LibraryLayouts.YITTER, 42, 0);
	}

	@Test
	void leafsIdsAreTheLeafLayoutsWithLeafsWorkerIdAsOneField() {
		long millis = System.currentTimeMillis();
		// Leaf's Snowflake: (ms - Twitter's epoch) << 22 | worker id << 12 | sequence, worker ids 0..1023
		long leafId = ((millis - 1288834974657L) << 22) | (1000L << 12) | 77;
		SnowflakeId decoded = LibraryLayouts.LEAF.decompose(leafId);
		assertThat(decoded.workerId()).isEqualTo(1000);
		assertThat(decoded.datacenterId()).isZero();
		assertThat(decoded.sequence()).isEqualTo(77);
		assertThat(decoded.timestamp().toEpochMilli()).isEqualTo(millis);
		assertThat(LibraryLayouts.LEAF.maxWorkerId()).isEqualTo(1023);
		assertIdgenContinuesAbove(List.of(leafId), LibraryLayouts.LEAF, 1000, 0);
	}

	@Test
	void uidGeneratorsIdsDecodeButItsLayoutIssuesNoIdSinceItsSecondsRanOut() {
		// uid-generator's default: seconds since 2016-05-20 (UTC+8) << 35 | worker id << 13 | sequence
		Instant issued = Instant.parse("2021-03-04T05:06:07Z");
		long uid = ((issued.getEpochSecond() - 1463673600L) << 35) | (4_000_000L << 13) | 8191;
		SnowflakeId decoded = LibraryLayouts.UID_GENERATOR.decompose(uid);
		assertThat(decoded.timestamp()).isEqualTo(issued);
		assertThat(decoded.workerId()).isEqualTo(4_000_000);
		assertThat(decoded.sequence()).isEqualTo(8191);
		assertThat(LibraryLayouts.UID_GENERATOR.lastTimestamp()).isEqualTo(Instant.parse("2024-11-20T13:24:15Z"));
		assertThatExceptionOfType(InvalidLayoutException.class)
			.isThrownBy(() -> IdServiceTwitter.builder().layout(LibraryLayouts.UID_GENERATOR).workerId(1).build())
			.withMessageContaining("ran out at 2024-11-20T13:24:15Z");
	}

	@Test
	void sonyflakesIdsPutTheSequenceAboveTheMachineIdAndIdgensFollowThatOrder() {
		Instant issued = Instant.parse("2026-03-04T05:06:07.890Z");
		// Sonyflake: 10 ms units since 2014-09-01 << 24 | sequence << 16 | machine id
		long units = (issued.toEpochMilli() - Instant.parse("2014-09-01T00:00:00Z").toEpochMilli()) / 10;
		long sonyflakeId = (units << 24) | (200L << 16) | 40_000;
		SnowflakeId decoded = LibraryLayouts.SONYFLAKE.decompose(sonyflakeId);
		assertThat(decoded.timestamp()).isEqualTo(issued);
		assertThat(decoded.sequence()).isEqualTo(200);
		assertThat(decoded.workerId()).isEqualTo(40_000);
		assertThat(LibraryLayouts.SONYFLAKE.compose(issued, 0, 40_000, 200)).isEqualTo(sonyflakeId);

		IdServiceTwitter idgen = IdServiceTwitter.builder().layout(LibraryLayouts.SONYFLAKE).workerId(40_000).build();
		List<Long> ids = idgen.nextIds(1_000);
		assertThat(ids).isSorted().doesNotHaveDuplicates();
		for (long id : ids) {
			assertThat(id & 0xFFFF).as("machine id in the lowest 16 bits").isEqualTo(40_000);
			assertThat(LibraryLayouts.SONYFLAKE.decompose(id).sequence()).isEqualTo((int) ((id >>> 16) & 0xFF));
		}
		// one 10 ms unit holds 256 ids: a thousand span at least four units, each counted up from its start
		assertThat(ids.stream().map((id) -> id >>> 24).distinct().count()).isGreaterThanOrEqualTo(4);
		long first = ids.get(0);
		assertThat(ids.get(1) - first).as("two ids of one unit and node are 2^16 apart").isEqualTo(1L << 16);
		assertThat(idgen.lastIssuedId()).isEqualTo(ids.get(ids.size() - 1));
		assertThat(idgen.nextId()).isGreaterThan(ids.get(ids.size() - 1));
	}

	private static List<Long> take(LongSupplier library) {
		List<Long> ids = new ArrayList<>();
		for (int i = 0; i < 5_000; i++) {
			ids.add(library.getAsLong());
		}
		assertThat(ids).as("the library's own ids increase").isSorted().doesNotHaveDuplicates();
		return ids;
	}

	/**
	 * Starts idgen on the library's node once the clock is past the library's last id, as a switch
	 * does, and checks that its ids sort after the library's with as many digits.
	 */
	private static void assertIdgenContinuesAbove(List<Long> libraryIds, SnowflakeLayout layout, int workerId,
			int datacenterId) {
		long last = Collections.max(libraryIds);
		long lastUnitEnd = layout.timestampMillis(last) + layout.timeUnitMillis();
		await().atMost(Duration.ofSeconds(5)).until(() -> System.currentTimeMillis() >= lastUnitEnd);
		IdServiceTwitter idgen = IdServiceTwitter.builder()
			.layout(layout)
			.workerId(workerId)
			.datacenterId(datacenterId)
			.build();
		List<Long> next = idgen.nextIds(1_000);
		assertThat(next.get(0)).isGreaterThan(last);
		assertThat(next).allSatisfy((id) -> {
			assertThat(Long.toString(id)).hasSameSizeAs(Long.toString(last));
			assertThat(layout.decompose(id).workerId()).isEqualTo(workerId);
			assertThat(layout.decompose(id).datacenterId()).isEqualTo(datacenterId);
		});
	}

}
