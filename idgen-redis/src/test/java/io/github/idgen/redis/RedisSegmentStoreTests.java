package io.github.idgen.redis;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.segment.SegmentIdService;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentTagExhaustedException;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The Redis segment store on a real redis-server: the contract of {@code SegmentStore} as the table
 * keeps it, with a tag an operator creates and never one made up.
 */
class RedisSegmentStoreTests {

	private static final AtomicInteger tags = new AtomicInteger();

	private final RedisServer server = RedisServer.shared();

	private RedisConnector connector;

	private RedisSegmentStore store;

	@BeforeEach
	void start() {
		this.connector = RedisConnector.create(this.server.uri());
		this.store = RedisSegmentStore.builder(this.connector).build();
		this.store.start();
	}

	@AfterEach
	void stop() {
		this.store.close();
		this.connector.close();
	}

	@Test
	void rangesFollowEachOtherWithTheLargerStepAndTheRecordKeepsTheTableFields() {
		String tag = uniqueTag();
		assertThat(this.store.createTag(tag, 10, "orders")).isTrue();
		assertThat(this.store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 1, 10, 10, Long.MAX_VALUE));
		assertThat(this.store.allocate(tag, 25)).isEqualTo(new SegmentRange(tag, 11, 35, 10, Long.MAX_VALUE));
		this.server.cli("HSET", key(tag), "step", "100");
		assertThat(this.store.allocate(tag, 25)).isEqualTo(new SegmentRange(tag, 36, 135, 100, Long.MAX_VALUE));
		assertThat(this.server.cli("HMGET", key(tag), "max_id", "version", "description").split("\n"))
			.containsExactly("135", "3", "orders");
		assertThat(Long.parseLong(this.server.cli("HGET", key(tag), "update_time")))
			.isCloseTo(System.currentTimeMillis(), org.assertj.core.data.Offset.offset(60_000L));
	}

	@Test
	void anExactRangeHasTheSizeAskedForWhateverTheRecordsStepAndIsCutOnlyAtTheLimit() {
		String tag = uniqueTag();
		this.store.createTag(tag, 0, 100, 130, null);
		assertThat(this.store.allocateExactly(tag, 7)).isEqualTo(new SegmentRange(tag, 1, 7, 100, 130));
		assertThat(this.store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 8, 107, 100, 130));
		assertThat(this.store.allocateExactly(tag, 500)).isEqualTo(new SegmentRange(tag, 108, 130, 100, 130));
		assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> this.store.allocateExactly(tag, 1));
		assertThatIllegalArgumentException().isThrownBy(() -> this.store.allocateExactly(tag, 0))
			.withMessageContaining("size");
	}

	@Test
	void anExistingTagIsNotOverwritten() {
		String tag = uniqueTag();
		assertThat(this.store.createTag(tag, 500, 10, 1000, null)).isTrue();
		assertThat(this.store.createTag(tag, 0, 1, 5, "again")).isFalse();
		assertThat(this.store.allocate(tag, 1).firstId()).isEqualTo(501);
	}

	@Test
	void theLastRangeIsCutAtTheLimitAndThenTheTagIsExhaustedEvenNearTheLargestLong() {
		String tag = uniqueTag();
		this.store.createTag(tag, Long.MAX_VALUE - 15, 10, Long.MAX_VALUE, null);
		assertThat(this.store.allocate(tag, 1)).isEqualTo(
				new SegmentRange(tag, Long.MAX_VALUE - 14, Long.MAX_VALUE - 5, 10, Long.MAX_VALUE));
		assertThat(this.store.allocate(tag, 1000)).isEqualTo(
				new SegmentRange(tag, Long.MAX_VALUE - 4, Long.MAX_VALUE, 10, Long.MAX_VALUE));
		assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> this.store.allocate(tag, 1))
			.withMessageContaining("'" + tag + "'")
			.withMessageContaining(Long.toString(Long.MAX_VALUE));
		// raising the limit resumes the tag
		String limited = uniqueTag();
		this.store.createTag(limited, 999_999_999, 7, 1_000_000_003L, null);
		assertThat(this.store.allocate(limited, 1).lastId()).isEqualTo(1_000_000_003L);
		this.server.cli("HSET", key(limited), "max_limit_id", "1000000010");
		assertThat(this.store.allocate(limited, 1).firstId()).isEqualTo(1_000_000_004L);
	}

	@Test
	void aMissingOrVanishedTagIsUnknownAndNeverCountsFromZeroAgain() {
		String tag = uniqueTag();
		assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(() -> this.store.allocate(tag, 10))
			.withMessageContaining("'" + tag + "'")
			.withMessageContaining("idgen:segment:<tag> at redis://127.0.0.1:" + this.server.port());
		this.store.createTag(tag, 10, null);
		this.store.allocate(tag, 10);
		this.server.cli("DEL", key(tag));
		assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(() -> this.store.allocate(tag, 10));
		assertThat(this.server.cli("EXISTS", key(tag))).isEqualTo("0");
	}

	@Test
	void aBadRecordIsNamedWithItsFieldAndValue() {
		String tag = uniqueTag();
		this.server.cli("HSET", key(tag), "max_id", "0", "step", "0", "max_limit_id", "100");
		assertBad(tag, "has step '0'");
		this.server.cli("HSET", key(tag), "step", "10", "max_id", "-5");
		assertBad(tag, "has max_id '-5'");
		this.server.cli("HSET", key(tag), "max_id", "5", "max_limit_id", "-9223372036854775808");
		assertBad(tag, "has max_limit_id '-9223372036854775808'");
		this.server.cli("HSET", key(tag), "max_limit_id", "9223372036854775808");
		assertBad(tag, "has max_limit_id '9223372036854775808'");
		this.server.cli("HDEL", key(tag), "max_limit_id");
		assertBad(tag, "has max_limit_id '(missing)'");
		String string = uniqueTag();
		this.server.cli("SET", key(string), "42");
		assertBad(string, "has type 'string'");
	}

	@Test
	void aBadVersionIsReportedAsABadRecordAndBurnsNoId() {
		String tag = uniqueTag();
		this.store.createTag(tag, 10, null);
		this.store.allocate(tag, 1);
		this.server.cli("HSET", key(tag), "version", "1.0");
		for (int attempt = 0; attempt < 3; attempt++) {
			assertBad(tag, "has version '1.0'");
		}
		assertThat(this.server.cli("HGET", key(tag), "max_id")).isEqualTo("10");
		this.server.cli("HSET", key(tag), "version", "9223372036854775807");
		assertBad(tag, "has version '9223372036854775807'");
		this.server.cli("HSET", key(tag), "version", "007");
		assertBad(tag, "has version '007'");
		assertThat(this.server.cli("HGET", key(tag), "max_id")).isEqualTo("10");
		this.server.cli("HSET", key(tag), "version", "7");
		assertThat(this.store.allocate(tag, 1).firstId()).isEqualTo(11);
		assertThat(this.server.cli("HGET", key(tag), "version")).isEqualTo("8");
		this.server.cli("HDEL", key(tag), "version");
		assertThat(this.store.allocate(tag, 1).firstId()).as("a hash made without a version").isEqualTo(21);
		assertThat(this.server.cli("HGET", key(tag), "version")).isEqualTo("1");
	}

	@Test
	void aLimitLoweredBelowMaxIdNamesBothValues() {
		String tag = uniqueTag();
		this.store.createTag(tag, 0, 10, 1000, null);
		this.store.allocate(tag, 1);
		this.server.cli("HSET", key(tag), "max_limit_id", "5");
		assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(() -> this.store.allocate(tag, 1))
			.withMessageContaining("its max_limit_id 5 in ")
			.withMessageContaining("is below its max_id 10")
			.satisfies((ex) -> assertThat(ex.getMaxLimitId()).isEqualTo(5));
	}

	@Test
	void aKeyPrefixKeepsTheTagsOfTwoServicesSharingOneServerApart() {
		String tag = uniqueTag();
		try (RedisConnector shop = RedisConnector.builder(this.server.uri()).keyPrefix("shop").build();
				RedisSegmentStore shopStore = RedisSegmentStore.builder(shop).build()) {
			shopStore.start();
			this.store.createTag(tag, 10, null);
			shopStore.createTag(tag, 500, 10, 1000, null);
			assertThat(shopStore.allocate(tag, 1).firstId()).isEqualTo(501);
			assertThat(this.store.allocate(tag, 1).firstId()).isEqualTo(1);
			assertThat(this.server.cli("HGET", "shop:segment:" + tag, "max_id")).isEqualTo("510");
			assertThat(shopStore.describe()).startsWith("Redis hashes shop:segment:<tag> at redis://127.0.0.1:");
		}
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> RedisConnector.builder(this.server.uri()).keyPrefix("my shop"))
			.withMessageContaining("The key prefix must be 1 to 64 characters without spaces");
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> this.store.createTag("two words", 10, null))
			.withMessageContaining("The segment tag must be 1 to 128 characters without spaces");
	}

	@Test
	void servicesOfTwoInstancesOnOneTagIssueEveryIdOnce() {
		String tag = uniqueTag();
		this.store.createTag(tag, 50, null);
		try (RedisSegmentStore other = RedisSegmentStore.builder(this.connector).build()) {
			other.start();
			SegmentIdService first = new SegmentIdServices(this.store, SegmentSettings.DEFAULTS).service(tag);
			SegmentIdService second = new SegmentIdServices(other, SegmentSettings.DEFAULTS).service(tag);
			Set<Long> ids = new HashSet<>();
			for (int i = 0; i < 5_000; i++) {
				assertThat(ids.add(first.nextId())).isTrue();
				assertThat(ids.add(second.nextId())).isTrue();
			}
			List<Long> batch = List.copyOf(first.nextIds(2_000));
			assertThat(batch).isSorted().doesNotContainAnyElementsOf(ids);
		}
	}

	private void assertBad(String tag, String problem) {
		assertThatIllegalStateException().isThrownBy(() -> this.store.allocate(tag, 1))
			.withMessageContaining("Segment tag '" + tag + "' at " + key(tag))
			.withMessageContaining(problem);
	}

	static String uniqueTag() {
		return "tag-" + ProcessHandle.current().pid() + "-" + tags.incrementAndGet();
	}

	static String key(String tag) {
		return "idgen:segment:" + tag;
	}

}
