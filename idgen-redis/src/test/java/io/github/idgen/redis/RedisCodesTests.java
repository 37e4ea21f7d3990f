package io.github.idgen.redis;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import io.github.idgen.codes.BusinessNumbers;
import io.github.idgen.codes.BusinessNumbersExhaustedException;
import io.github.idgen.codes.CodePattern;
import io.github.idgen.codes.ResetPeriod;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.github.idgen.testsupport.AtOnce;
import io.github.idgen.testsupport.MovableClock;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Business numbers on the Redis segment store, on a real redis-server: a period's hash is created like
 * the code's tag, once however many instances race to create it, and is cut at the pattern's capacity.
 */
class RedisCodesTests {

	private final RedisServer server = RedisServer.shared();

	private final List<AutoCloseable> opened = new ArrayList<>();

	private final MovableClock clock = new MovableClock(Instant.parse("2026-11-24T23:59:59Z"));

	private String tag;

	@BeforeEach
	void createTag() {
		this.tag = RedisSegmentStoreTests.uniqueTag();
		RedisSegmentStore store = store();
		store.createTag(this.tag, 5000, 8, Long.MAX_VALUE, "orders");
	}

	@AfterEach
	void close() throws Exception {
		for (int i = this.opened.size() - 1; i >= 0; i--) {
			this.opened.get(i).close();
		}
	}

	private RedisSegmentStore store() {
		RedisConnector connector = RedisConnector.create(this.server.uri());
		RedisSegmentStore store = RedisSegmentStore.builder(connector).build();
		this.opened.add(connector);
		this.opened.add(store);
		store.start();
		return store;
	}

	private BusinessNumbers code(String pattern) {
		RedisSegmentStore store = store();
		SegmentIdServices services = new SegmentIdServices(store, SegmentSettings.DEFAULTS.withMaxStep(16));
		this.opened.add(services);
		return new BusinessNumbers("orders", this.tag, CodePattern.parse(pattern), ResetPeriod.DAILY, ZoneOffset.UTC,
				services, store, this.clock);
	}

	@Test
	void instancesRacingToCreateAPeriodEndWithOneHashLikeTheTagsStartingAt1() throws Exception {
		List<BusinessNumbers> instances = IntStream.range(0, 3).mapToObj((i) -> code("R{yyyyMMdd}{seq:4}")).toList();
		List<List<String>> numbers = AtOnce.run(IntStream.range(0, 12).boxed().toList(),
				(i) -> instances.get(i % 3).next(5));
		List<String> all = numbers.stream().flatMap(List::stream).toList();
		assertThat(all).hasSize(60).doesNotHaveDuplicates().contains("R202611240001");
		String key = RedisSegmentStoreTests.key(this.tag + ":20261124");
		assertThat(this.server.cli("HMGET", key, "step", "max_limit_id").split("\n")).containsExactly("8", "9999");
		assertThat(this.server.cli("HGET", RedisSegmentStoreTests.key(this.tag), "max_id")).isEqualTo("5000");
		this.clock.advance(Duration.ofDays(1));
		assertThat(instances.get(0).next()).isEqualTo("R202611250001");
	}

	@Test
	void aPeriodStopsAtThePatternsCapacity() {
		BusinessNumbers code = code("{yyyyMMdd}{seq:1}");
		assertThat(code.next(9)).endsWith("202611249");
		assertThatExceptionOfType(BusinessNumbersExhaustedException.class).isThrownBy(code::next)
			.withMessageContaining("has issued all 9 numbers its 1-digit sequence holds in period 20261124");
	}

	@Test
	void withoutTheTagsHashTheTagIsUnknown() {
		RedisSegmentStore store = store();
		assertThatExceptionOfType(UnknownSegmentTagException.class)
			.isThrownBy(() -> store.createTagLike("nope:20261124", "nope", 99, "x"))
			.withMessageStartingWith("Segment tag 'nope' does not exist in Redis hashes");
		assertThat(store.createTagLike(this.tag + ":x", this.tag, 3, "x")).isTrue();
		assertThat(store.createTagLike(this.tag + ":x", this.tag, 99, "x")).isFalse();
	}

}
