package io.github.idgen.redis;

import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A tag Redis has no hash for, on a real redis-server: the store says so when asked at start-up, and the
 * error of an allocation names the one redis-cli command that adds it, which works as given.
 */
class RedisUnknownTagTests {

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
	void theStoreTellsWhetherATagExists() {
		String tag = RedisSegmentStoreTests.uniqueTag();
		assertThat(this.store.hasTag(tag)).isFalse();

		this.store.createTag(tag, 10, null);

		assertThat(this.store.hasTag(tag)).isTrue();
	}

	@Test
	void anUnknownTagsErrorNamesTheCommandThatAddsItAndThatCommandWorks() {
		String tag = RedisSegmentStoreTests.uniqueTag();
		String hset = "redis-cli HSET idgen:segment:" + tag + " max_id 0 step 1000 max_limit_id 9223372036854775807 version 0";

		assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(() -> this.store.allocate(tag, 1))
			.withMessageStartingWith("Segment tag '" + tag + "' does not exist in Redis hashes idgen:segment:<tag>")
			.withMessageEndingWith("; an operator adds it with: " + hset);

		this.server.cli(hset.substring("redis-cli ".length()).split(" "));

		assertThat(this.store.allocate(tag, 1)).extracting(SegmentRange::firstId, SegmentRange::lastId)
			.containsExactly(1L, 1000L);
	}

}
