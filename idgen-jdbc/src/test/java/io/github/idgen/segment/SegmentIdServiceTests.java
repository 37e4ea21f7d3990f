package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdUnavailableException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * The in-memory side of segment ids on H2: preloading, switching, batches, failures.
 */
class SegmentIdServiceTests {

	static final JdbcDataSource h2 = new JdbcDataSource();

	static final SegmentSettings SETTINGS = SegmentSettings.DEFAULTS.withMaxWait(Duration.ofMillis(300))
		.withMaxStep(100)
		.withRetryInterval(Duration.ofMillis(20));

	final SegmentIdServices services = new SegmentIdServices(new JdbcSegmentStore(h2, SegmentTables.TABLE), SETTINGS);

	@BeforeAll
	static void createTable() {
		h2.setURL("jdbc:h2:mem:service-tests;DB_CLOSE_DELAY=-1");
		SegmentTables.createTable(h2);
	}

	@AfterEach
	void close() {
		this.services.close();
	}

	@Test
	void issuesConsecutiveIdsFromTheFirstRangeAndPreloadsTheNextAfterTenPercent() {
		String tag = SegmentTables.uniqueTag("preload");
		SegmentTables.insertTag(h2, tag, 100, 100, Long.MAX_VALUE);
		SegmentIdService service = this.services.service(tag);
		for (int i = 0; i < 10; i++) {
			assertThat(service.nextId()).isEqualTo(101 + i);
		}
		assertThat(service.statistics().allocations()).isEqualTo(1);
		service.nextId();
		await().until(() -> service.statistics().nextRangeLoaded());
		assertThat(service.statistics().allocations()).isEqualTo(2);
		assertThat(SegmentTables.maxId(h2, tag)).isGreaterThan(200);
	}

	@Test
	void idsStrictlyIncreaseAcrossRangesAndBatchesSpanRanges() {
		String tag = SegmentTables.uniqueTag("span");
		SegmentTables.insertTag(h2, tag, 7);
		IdService service = this.services.forTag(tag);
		List<Long> ids = new ArrayList<>();
		for (int i = 0; i < 50; i++) {
			ids.add(service.nextId());
			ids.addAll(service.nextIds(1 + i % 23));
		}
		assertThat(ids).isSorted().doesNotHaveDuplicates();
		assertThat(ids.get(0)).isEqualTo(1);
	}

	@Test
	void sameServiceForTheSameTag() {
		String tag = SegmentTables.uniqueTag("same");
		SegmentTables.insertTag(h2, tag, 10);
		assertThat(this.services.forTag(tag)).isSameAs(this.services.forTag(tag));
	}

	@Test
	void eachTagGetsItsOwnServiceWhenTagsAlternateAndStringsAreEqualButNotTheSame() {
		String first = SegmentTables.uniqueTag("first");
		String second = SegmentTables.uniqueTag("second");
		SegmentTables.insertTag(h2, first, 10);
		SegmentTables.insertTag(h2, second, 10);
		IdService firstService = this.services.forTag(first);
		IdService secondService = this.services.forTag(second);

		assertThat(this.services.forTag(new String(first))).isSameAs(firstService);
		assertThat(this.services.forTag(second)).isSameAs(secondService);
		assertThat(this.services.forTag(first)).isSameAs(firstService);
		assertThat(this.services.forTag(new String(second))).isSameAs(secondService).isNotSameAs(firstService);
	}

	@Test
	void unknownTagFailsAtOnceAndIsNotKept() {
		assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(() -> this.services.forTag("missing"))
			.withMessage("Segment tag 'missing' does not exist in table idgen_segment; an operator adds it with:"
					+ " INSERT INTO idgen_segment (tag, step) VALUES ('missing', 1000);");
		assertThat(this.services.statistics()).isEmpty();
		// kept, made-up tags would fill the room for tags that wait for their first range
		for (int i = 0; i < SegmentIdServices.MAX_PENDING; i++) {
			String madeUp = "made-up-" + i;
			assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(() -> this.services.forTag(madeUp));
		}
		String tag = SegmentTables.uniqueTag("after-made-up");
		SegmentTables.insertTag(h2, tag, 10);
		assertThat(this.services.forTag(tag).nextId()).isEqualTo(1);
		assertThat(this.services.statistics()).extracting(SegmentStatistics::tag).containsExactly(tag);
	}

	@Test
	void tagsWaitingForTheirFirstRangeAreBoundedAndLeaveOnceTheStoreSaysItDoesNotKnowThem() {
		ScriptedStore store = new ScriptedStore(new JdbcSegmentStore(h2, SegmentTables.TABLE));
		store.failWith((tag) -> new SegmentStoreException("store down", new IllegalStateException("down")));
		try (SegmentIdServices services = new SegmentIdServices(store,
				SETTINGS.withMaxWait(Duration.ZERO).withRetryInterval(Duration.ofMillis(200)))) {
			for (int i = 0; i < SegmentIdServices.MAX_PENDING; i++) {
				String madeUp = "made-up-" + i;
				assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(() -> services.forTag(madeUp));
			}
			await().until(() -> services.statistics().stream().filter((tag) -> !tag.storeReachable()).count(),
					(failing) -> failing == SegmentIdServices.MAX_PENDING);
			String tag = SegmentTables.uniqueTag("real");
			SegmentTables.insertTag(h2, tag, 10);
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(() -> services.forTag(tag))
				.withMessage("Not asking table idgen_segment for segment tag '" + tag + "': 1000 other tags wait for"
						+ " their first range from it");
			store.recover();
			// tried again by themselves, the made-up tags are answered unknown and dropped
			await().until(() -> services.statistics().isEmpty());
			// the first call starts the allocation without waiting for it (no wait allowed); it stays kept
			await().ignoreException(SegmentIdsUnavailableException.class).until(() -> services.forTag(tag).nextId() == 1);
		}
	}

	@Test
	void batchSizeIsChecked() {
		String tag = SegmentTables.uniqueTag("batch");
		SegmentTables.insertTag(h2, tag, 10);
		assertThatIllegalArgumentException().isThrownBy(() -> this.services.forTag(tag).nextIds(0))
			.withMessage("num must be from 1 to 100000, was 0");
	}

	@Test
	void exhaustedTagFailsAfterItsLastIdAndResumesWhenTheLimitIsRaised() throws InterruptedException {
		String tag = SegmentTables.uniqueTag("limit");
		SegmentTables.insertTag(h2, tag, 0, 10, 25);
		IdService service = this.services.forTag(tag);
		assertThat(service.nextIds(25)).last().isEqualTo(25L);
		assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(service::nextId)
			.withMessageContaining("max_limit_id 25");
		SegmentTables.update(h2, "UPDATE idgen_segment SET max_limit_id = 40 WHERE tag = ?", tag);
		await().ignoreException(SegmentTagExhaustedException.class).until(service::nextId, (id) -> id == 26);
	}

	@Test
	void storeErrorWithEmptyBuffersIsABoundedWaitThenIdUnavailableAndRecoversOnItsOwn() {
		String tag = SegmentTables.uniqueTag("outage");
		SegmentTables.insertTag(h2, tag, 0, 5, Long.MAX_VALUE);
		SegmentIdService service = this.services.service(tag);
		service.nextId();
		await().until(() -> service.statistics().nextRangeLoaded());
		SegmentTables.update(h2, "ALTER TABLE idgen_segment RENAME TO idgen_segment_away");
		try {
			long left = service.statistics().idsLeft();
			for (long i = 0; i < left; i++) {
				service.nextId();
			}
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId)
				.isInstanceOf(IdUnavailableException.class)
				.withMessageContaining("No id of segment tag '" + tag + "' left in memory");
			assertThat(service.statistics().storeReachable()).isFalse();
			assertThat(service.statistics().storeErrors()).isPositive();
			assertThat(service.statistics().waits()).isPositive();
		}
		finally {
			SegmentTables.update(h2, "ALTER TABLE idgen_segment_away RENAME TO idgen_segment");
		}
		await().ignoreException(SegmentIdsUnavailableException.class).until(service::nextId, (id) -> id > 10);
		assertThat(service.statistics().storeReachable()).isTrue();
	}

	@Test
	void closeStopsBackgroundAllocationsButIdsInMemoryAreStillServed() {
		String tag = SegmentTables.uniqueTag("closed");
		SegmentTables.insertTag(h2, tag, 0, 10, Long.MAX_VALUE);
		SegmentIdService service = this.services.service(tag);
		service.nextIds(2);
		await().until(() -> service.statistics().nextRangeLoaded());
		this.services.close();
		long left = service.statistics().idsLeft();
		assertThat(new ArrayList<>(service.nextIds((int) left))).doesNotHaveDuplicates().isSorted();
		assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId);
		assertThat(SegmentTables.maxId(h2, tag)).isEqualTo(2 + left);
	}

	@Test
	void rangeNotAboveEverythingTakenIsRefusedAndTheTagStops() {
		String tag = SegmentTables.uniqueTag("regressed");
		SegmentTables.insertTag(h2, tag, 0, 10, Long.MAX_VALUE);
		SegmentIdService service = this.services.service(tag);
		service.nextIds(2);
		await().until(() -> service.statistics().nextRangeLoaded());
		// ranges 1..10 and 11..30 (the step doubled) are in memory; now the store forgets them
		SegmentTables.update(h2, "UPDATE idgen_segment SET max_id = 5 WHERE tag = ?", tag);
		List<Long> ids = new ArrayList<>();
		assertThatExceptionOfType(SegmentStoreRegressedException.class).isThrownBy(() -> {
			for (;;) {
				ids.add(service.nextId());
			}
		}).withMessageContaining("Segment tag '" + tag + "' got range 6..").withMessageContaining("refusing them");
		assertThat(ids).isSorted().doesNotHaveDuplicates().containsExactlyElementsOf(LongStream.rangeClosed(3, 30).boxed().toList());
		assertThatExceptionOfType(SegmentStoreRegressedException.class).isThrownBy(service::nextId);
	}

}
