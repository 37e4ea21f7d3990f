package io.github.idgen.redis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.idgen.segment.SegmentComposition;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentTagCreation;
import io.github.idgen.segment.SegmentTagCreation.Difference;
import io.github.idgen.segment.SegmentTagSettings;
import io.github.idgen.testsupport.AtOnce;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * {@link RedisSegmentStore#createTag(String, SegmentTagSettings)} on a real redis-server: every setting
 * lands in its field, a hash that exists is never changed and its differences are named, and creations
 * racing from several instances end in one hash.
 */
class RedisCreateTagTests {

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
	void aTagIsCreatedWithEverySettingAndIssuesItsIdsAboveIdsAbove() {
		String tag = uniqueTag();
		SegmentComposition composition = new SegmentComposition(3, 2, 1);
		SegmentTagSettings settings = SegmentTagSettings.ofStep(50)
			.withIdsAbove(1000)
			.withMaxLimitId(1_000_000)
			.withComposition(composition)
			.withDescription("order lines");
		assertThat(this.store.createTag(tag, settings)).isEqualTo(SegmentTagCreation.created(tag));
		assertThat(this.store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 1001, 1050, 50, 1_000_000, composition));
		assertThat(this.server.cli("HMGET", key(tag), "description", "version").split("\n"))
			.containsExactly("order lines", "1");
		assertThat(this.store.createTag(tag, settings).isAlike()).isTrue();
	}

	@Test
	void aPlainTagGetsTheFieldsOfAnOperatorsHsetOnly() {
		String tag = uniqueTag();
		assertThat(this.store.createTag(tag, SegmentTagSettings.ofStep(10)).created()).isTrue();
		assertThat(this.server.cli("HKEYS", key(tag)).split("\n")).containsExactlyInAnyOrder("max_id", "step",
				"max_limit_id", "version", "update_time");
		assertThat(this.store.allocate(tag, 1)).isEqualTo(new SegmentRange(tag, 1, 10, 10, Long.MAX_VALUE));
	}

	@Test
	void aTagThatExistsWithOtherSettingsIsLeftAloneAndTheDifferencesNamed() {
		String tag = uniqueTag();
		this.server.cli("HSET", key(tag), "max_id", "70", "step", "100", "max_limit_id", "5000", "version", "0");
		SegmentTagCreation creation = this.store.createTag(tag, SegmentTagSettings.ofStep(1000)
			.withComposition(new SegmentComposition(1, 1, 0))
			.withDescription("orders"));
		assertThat(creation.created()).isFalse();
		assertThat(creation.differences()).containsExactly(new Difference("step", "100", "1000"),
				new Difference("max_limit_id", "5000", "9223372036854775807"), new Difference("business_id", "0", "1"),
				new Difference("business_bits", "0", "1"), new Difference("description", "none", "'orders'"));
		assertThat(this.server.cli("HMGET", key(tag), "max_id", "step").split("\n")).containsExactly("70", "100");
		assertThat(this.server.cli("HEXISTS", key(tag), "business_id").trim()).isEqualTo("0");
		assertThat(this.store.createTag(tag, SegmentTagSettings.ofStep(100).withMaxLimitId(5000)).isAlike()).isTrue();
	}

	@Test
	void creationsRacingFromSeveralInstancesEndInOneHash() throws Exception {
		String tag = uniqueTag();
		List<RedisSegmentStore> stores = new ArrayList<>();
		List<RedisConnector> connectors = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			RedisConnector connector = RedisConnector.create(this.server.uri());
			RedisSegmentStore store = RedisSegmentStore.builder(connector).build();
			store.start();
			connectors.add(connector);
			stores.add(store);
		}
		try {
			List<SegmentTagCreation> creations = AtOnce.run(stores,
					(store) -> store.createTag(tag, SegmentTagSettings.ofStep(10 * (stores.indexOf(store) + 1))));
			assertThat(creations).filteredOn(SegmentTagCreation::created).hasSize(1);
			String step = this.server.cli("HGET", key(tag), "step").trim();
			for (int i = 0; i < creations.size(); i++) {
				if (!creations.get(i).created()) {
					assertThat(creations.get(i).differences())
						.containsExactly(new Difference("step", step, Integer.toString(10 * (i + 1))));
				}
			}
		}
		finally {
			stores.forEach(RedisSegmentStore::close);
			connectors.forEach(RedisConnector::close);
		}
	}

	@Test
	void aKeyThatHoldsNoHashIsNoTagAndIsLeftAlone() {
		String tag = uniqueTag();
		this.server.cli("SET", key(tag), "7");
		assertThatIllegalStateException().isThrownBy(() -> this.store.createTag(tag, SegmentTagSettings.ofStep(10)))
			.withMessageContaining("the key holds a string, not a hash; nothing was written");
		assertThat(this.server.cli("GET", key(tag)).trim()).isEqualTo("7");
	}

	private static String uniqueTag() {
		return "created-" + tags.incrementAndGet() + "-" + ProcessHandle.current().pid();
	}

	private static String key(String tag) {
		return "idgen:segment:" + tag;
	}

}
