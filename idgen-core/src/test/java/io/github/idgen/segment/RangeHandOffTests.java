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
import static org.awaitility.Awaitility.await;

/**
 * Where a tag's next range is taken: by the first caller that finds no id when the store answered
 * the last allocation from memory, never by one that has its id; on a loader thread otherwise; and a
 * loader thread whose callers outrun the store takes ranges back to back instead of being woken for
 * each.
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
	void storeThatAnswersFromMemoryIsAskedByTheCallerOnceItsCodeIsCompiled() {
		ScriptedStore store = new ScriptedStore(new MemoryStore(() -> 10));
		SegmentIdService service = service(store);
		List<Long> ids = new ArrayList<>();
		for (int i = 0; i < WARM_UP; i++) {
			ids.add(service.nextId());
		}
		assertThat(ids).isSorted().doesNotHaveDuplicates().startsWith(1L).endsWith((long) WARM_UP);
		store.threads().clear();
		int runs = this.loaderRuns.get();
		int attempts = store.attempts();
		for (int i = 0; i < 10_000; i++) {
			service.nextId();
		}
		assertThat(store.threads()).contains(Thread.currentThread());
		// a thread only for an allocation the machine slowed down (a thread on the loader's thread for each range before)
		assertThat(this.loaderRuns.get() - runs).isLessThan((store.attempts() - attempts) / 10);
	}

	@Test
	void storeThatTurnsSlowIsAskedOnTheLoaderThreadAgain() {
		MemoryStore memory = new MemoryStore(() -> 10);
		ScriptedStore store = new ScriptedStore(memory);
		SegmentIdService service = service(store);
		for (int i = 0; i < WARM_UP; i++) {
			service.nextId();
		}
		assertThat(store.threads()).contains(Thread.currentThread());
		memory.pause(Duration.ofMillis(1));
		int runs = this.loaderRuns.get();
		for (int i = 0; i < 100; i++) {
			service.nextId();
		}
		store.threads().clear();
		for (int i = 0; i < 100; i++) {
			service.nextId();
		}
		assertThat(store.threads()).isNotEmpty().doesNotContain(Thread.currentThread());
		assertThat(this.loaderRuns).hasValueGreaterThan(runs);
	}

	@Test
	void failedAttemptOfACallerThatRanDryIsRetriedOnTheLoaderThread() {
		ScriptedStore store = new ScriptedStore(new MemoryStore(() -> 10));
		SegmentIdService service = warmedUp(store);
		long last = service.statistics().currentLastId();
		store.threads().clear();
		store.failWith((tag) -> new SegmentStoreException("store down", new IllegalStateException("down")));
		assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId)
			.withMessageContaining("store down");
		assertThat(store.threads()).contains(Thread.currentThread());
		assertThat(service.statistics().storeReachable()).isFalse();
		store.threads().clear();
		store.recover();
		await().until(() -> service.statistics().storeReachable());
		assertThat(store.threads()).isNotEmpty().doesNotContain(Thread.currentThread());
		assertThat(service.nextId()).isEqualTo(last + 1);
	}

	@Test
	void errorThrownByAnInlineAttemptDoesNotReachTheCaller() {
		ScriptedStore store = new ScriptedStore(new MemoryStore(() -> 10));
		SegmentIdService service = warmedUp(store);
		store.threads().clear();
		store.failWith((tag) -> new StackOverflowError("deep store"));
		assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId)
			.withRootCauseInstanceOf(StackOverflowError.class);
		assertThat(store.threads()).contains(Thread.currentThread());
		assertThat(service.statistics().lastError()).contains("deep store");
		assertThat(service.statistics().storeErrors()).isPositive();
	}

	@Test
	void callerThatCrossesThePreloadMarkGetsItsIdsWhileTheStoreThatAnsweredAtOnceHangs() throws Exception {
		ScriptedStore store = new ScriptedStore(new MemoryStore(() -> 10));
		SegmentIdService service = answeringInline(service(store), store);
		if (service.statistics().idsLeft() == 0) {
			// a range in memory: the caller that found none took it itself, at once
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
	void closedRegistryTakesNoRangeInline() {
		MemoryStore memory = new MemoryStore(() -> 10);
		ScriptedStore store = new ScriptedStore(memory);
		try (SegmentIdServices services = new SegmentIdServices(store, SETTINGS)) {
			SegmentIdService service = warmedUp(services.service("closed"), store);
			service.nextId();
			services.close();
			long maxId = memory.maxId();
			assertThat(service.nextIds(9)).last().isEqualTo(maxId);
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId);
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

	/**
	 * A service that took {@link #WARM_UP} ids and whose store answered in the caller since; it is at
	 * the end of a range of 10, with nothing loaded after it: the next caller asks the store itself.
	 */
	private SegmentIdService warmedUp(ScriptedStore store) {
		return warmedUp(service(store), store);
	}

	private static SegmentIdService warmedUp(SegmentIdService service, ScriptedStore store) {
		answeringInline(service, store);
		for (int i = 0; i < 1000 && service.statistics().idsLeft() > 0; i++) {
			// a range a slow allocation had loaded on the loader thread
			service.nextIds(10);
		}
		assertThat(service.statistics().idsLeft()).isZero();
		assertThat(service.takesNextRangeInline()).isTrue();
		return service;
	}

	/** A service that took {@link #WARM_UP} ids, the last range asked for by the caller, at once. */
	private static SegmentIdService answeringInline(SegmentIdService service, ScriptedStore store) {
		for (int i = 0; i < WARM_UP; i++) {
			service.nextId();
		}
		store.threads().clear();
		// until an allocation ran in the caller and the last one was quick: a busy machine can make any
		// one of them slow, which sends the next one to the loader thread
		for (int i = 0; i < 1000 && !(store.threads().contains(Thread.currentThread()) && service.takesNextRangeInline()); i++) {
			service.nextIds(10);
		}
		assertThat(store.threads()).contains(Thread.currentThread());
		assertThat(service.takesNextRangeInline()).isTrue();
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
