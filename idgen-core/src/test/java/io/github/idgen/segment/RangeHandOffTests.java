package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/**
 * Where a tag's next range is taken: always on a loader thread, never by a caller, so that a store
 * that answered at once and then stalls holds no caller past its wait; and a loader thread whose
 * callers outrun the store takes ranges back to back instead of being woken for each.
 */
class RangeHandOffTests {

	static final SegmentSettings SETTINGS = SegmentSettings.DEFAULTS.withMaxStep(10)
		.withMaxWait(Duration.ofMillis(300))
		.withRetryInterval(Duration.ofMillis(50));

	final ExecutorService threads = Executors.newCachedThreadPool();

	final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor();

	/** Ids after which the code of an allocation runs compiled: interpreted, it takes microseconds. */
	static final int WARM_UP = 50_000;

	final AtomicInteger loaderRuns = new AtomicInteger();

	@AfterEach
	void stopThreads() {
		this.threads.shutdownNow();
		this.retries.shutdownNow();
	}

	@Test
	void storeThatAnswersFromMemoryIsNeverAskedByACaller() {
		ScriptedStore store = new ScriptedStore(new MemoryStore(() -> 10));
		SegmentIdService service = service(store);
		List<Long> ids = new ArrayList<>();
		for (int i = 0; i < WARM_UP; i++) {
			ids.add(service.nextId());
		}
		assertThat(ids).isSorted().doesNotHaveDuplicates().startsWith(1L).endsWith((long) WARM_UP);
		warmedUp(service, store);
		for (int i = 0; i < 10_000; i++) {
			service.nextIds(3);
		}
		assertThat(store.threads()).isNotEmpty().doesNotContain(Thread.currentThread());
	}

	@Test
	void callerThatRunsDryGetsAnAnswerWithinItsWaitWhenAStoreThatAnsweredAtOnceStalls() throws Exception {
		ScriptedStore store = new ScriptedStore(new MemoryStore(() -> 10));
		SegmentIdService service = warmedUp(store);
		CountDownLatch release = new CountDownLatch(1);
		// a cache miss, a locked row: the store answers only once released, far beyond the wait of 300 ms
		store.holdUntil(release);
		try {
			// the ids in memory, and then the call that finds none
			Future<List<Long>> one = this.threads.submit(() -> takeUntilUnavailable(service));
			assertThat(one.get(10, TimeUnit.SECONDS)).isSorted();
			Future<Throwable> batch = this.threads.submit(() -> catchThrowable(() -> service.nextIds(5)));
			assertThat(batch.get(10, TimeUnit.SECONDS)).isInstanceOf(SegmentIdsUnavailableException.class);
		}
		finally {
			release.countDown();
		}
		await().until(() -> service.statistics().nextRangeLoaded() || service.statistics().idsLeft() > 0);
		assertThat(service.nextId()).isPositive();
	}

	@Test
	void failedAttemptIsRetriedOnTheLoaderThreadByItself() {
		ScriptedStore store = new ScriptedStore(new MemoryStore(() -> 10));
		SegmentIdService service = warmedUp(store);
		long lastBeforeTheFailure = service.nextId();
		store.failWith((tag) -> new SegmentStoreException("store down", new IllegalStateException("down")));
		// none when that id was the last in memory and the loader thread had not yet preloaded the next range
		List<Long> ids = takeUntilUnavailable(service);
		long last = ids.isEmpty() ? lastBeforeTheFailure : ids.get(ids.size() - 1);
		assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId)
			.withMessageContaining("store down");
		assertThat(service.statistics().storeReachable()).isFalse();
		int attempts = store.attempts();
		store.recover();
		await().until(() -> service.statistics().storeReachable());
		assertThat(store.attempts()).isGreaterThan(attempts);
		assertThat(store.threads()).isNotEmpty().doesNotContain(Thread.currentThread());
		assertThat(service.nextId()).isEqualTo(last + 1);
	}

	@Test
	void errorThrownByAStoreThatAnsweredAtOnceDoesNotReachTheCaller() {
		ScriptedStore store = new ScriptedStore(new MemoryStore(() -> 10));
		SegmentIdService service = warmedUp(store);
		store.failWith((tag) -> new StackOverflowError("deep store"));
		takeUntilUnavailable(service);
		assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId)
			.withRootCauseInstanceOf(StackOverflowError.class);
		assertThat(service.statistics().lastError()).contains("deep store");
		assertThat(service.statistics().storeErrors()).isPositive();
	}

	@Test
	void callerThatCrossesThePreloadMarkGetsItsIdsWhileTheStoreThatAnsweredAtOnceHangs() throws Exception {
		ScriptedStore store = new ScriptedStore(new MemoryStore(() -> 10));
		SegmentIdService service = warmedUp(store);
		if (service.statistics().idsLeft() == 0) {
			// a range in memory
			service.nextId();
		}
		long left = service.statistics().idsLeft();
		long next = service.statistics().currentLastId() - left + 1;
		CountDownLatch release = new CountDownLatch(1);
		store.holdUntil(release);
		try {
			// every id in memory, the preload marks crossed on the way included, while the store holds
			Future<List<Long>> ids = this.threads.submit(() -> {
				List<Long> taken = new ArrayList<>();
				for (long i = 0; i < left; i++) {
					taken.add(service.nextId());
				}
				return taken;
			});
			List<Long> taken = ids.get(10, TimeUnit.SECONDS);
			// consecutive from where the statistics said, or from the range after it: a range the loader
			// thread had preloaded during the warm-up can stand in for the one read from the statistics
			assertThat(taken.get(0)).isGreaterThanOrEqualTo(next);
			assertThat(taken).containsExactlyElementsOf(range(taken.get(0), taken.get(0) + left - 1));
		}
		finally {
			release.countDown();
		}
	}

	@Test
	void closedRegistryTakesNoRange() throws InterruptedException {
		MemoryStore memory = new MemoryStore(() -> 10);
		ScriptedStore store = new ScriptedStore(memory);
		try (SegmentIdServices services = new SegmentIdServices(store, SETTINGS)) {
			SegmentIdService service = warmedUp(services.service("closed"), store);
			services.close();
			// a loader thread that stayed for the next range is asked for it, and takes none
			List<Long> ids = takeUntilUnavailable(service);
			long maxId = memory.maxId();
			assertThat(ids).allSatisfy((id) -> assertThat(id).isLessThanOrEqualTo(maxId));
			Thread.sleep(SETTINGS.retryInterval().multipliedBy(2).toMillis());
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId)
				.withMessageContaining("closed");
			assertThat(memory.maxId()).isEqualTo(maxId);
		}
	}

	@Test
	void callersThatOutrunTheStoreGetRangesBackToBackFromOneLoaderRun() {
		// an allocation far longer than a woken caller takes to come back for the next range
		MemoryStore memory = new MemoryStore(() -> 10);
		memory.pause(Duration.ofMillis(20));
		SegmentIdService service = service(memory);
		service.nextIds(500);
		long allocations = service.statistics().allocations();
		assertThat(allocations).isGreaterThanOrEqualTo(50);
		assertThat(this.loaderRuns).hasValueLessThan((int) allocations / 2);
	}

	/** A service that took {@link #WARM_UP} ids, whose store answered the last allocation at once. */
	private SegmentIdService warmedUp(ScriptedStore store) {
		return warmedUp(service(store), store);
	}

	private static SegmentIdService warmedUp(SegmentIdService service, ScriptedStore store) {
		for (int i = 0; i < WARM_UP; i++) {
			service.nextId();
		}
		// a busy machine can make any one allocation slow, and a slow one stands for a store that does not
		// answer at once
		for (int i = 0; i < 1000 && !service.storeAnswersAtOnce(); i++) {
			service.nextIds(10);
		}
		assertThat(service.storeAnswersAtOnce()).isTrue();
		return service;
	}

	/** Takes ids until the service has none and the store gives none within the wait. */
	private static List<Long> takeUntilUnavailable(SegmentIdService service) {
		List<Long> ids = new ArrayList<>();
		assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(() -> {
			for (;;) {
				ids.add(service.nextId());
			}
		});
		return ids;
	}

	private SegmentIdService service(SegmentStore store) {
		return new SegmentIdService("hand-off", store, SETTINGS, (task) -> {
			this.loaderRuns.incrementAndGet();
			this.threads.execute(task);
		}, this.retries, System::nanoTime);
	}

	private static List<Long> range(long first, long last) {
		List<Long> ids = new ArrayList<>();
		for (long id = first; id <= last; id++) {
			ids.add(id);
		}
		return ids;
	}

}
