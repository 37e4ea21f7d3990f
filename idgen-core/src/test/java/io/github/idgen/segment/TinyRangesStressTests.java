package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Ranges of one to three ids, so that nearly every call switches ranges, taken by four threads at
 * once, single ids and batches: no id twice, no id at or below one any thread had been returned
 * before the call began, and every id of every range issued or still in memory. Once with a store
 * that answers from memory, once with one that is slow for every fifth allocation (callers spinning,
 * and parking, for the loader thread by turns).
 */
class TinyRangesStressTests {

	static final int THREADS = 4;

	static final SegmentSettings SETTINGS = SegmentSettings.DEFAULTS.withMaxStep(1).withMaxWait(Duration.ofSeconds(10));

	@Test
	void storeInMemory() throws Exception {
		MemoryStore memory = new MemoryStore(() -> ThreadLocalRandom.current().nextInt(1, 4));
		stress(memory, memory::maxId, 25_000);
	}

	@Test
	void storeSlowAtEveryFifthAllocation() throws Exception {
		AtomicInteger allocations = new AtomicInteger();
		MemoryStore memory = new MemoryStore(() -> ThreadLocalRandom.current().nextInt(1, 4));
		SegmentStore store = new SegmentStore() {

			@Override
			public SegmentRange allocate(String tag, int requestedStep) {
				memory.pause(Duration.ofNanos((allocations.incrementAndGet() % 5 == 0) ? 50_000 : 0));
				return memory.allocate(tag, requestedStep);
			}

			@Override
			public SegmentRange allocateExactly(String tag, int size) {
				return memory.allocateExactly(tag, size);
			}

			@Override
			public String describe() {
				return memory.describe();
			}

		};
		stress(store, memory::maxId, 5_000);
	}

	private static void stress(SegmentStore store, LongSupplier maxId, int idsPerThread) throws Exception {
		try (SegmentIdServices services = new SegmentIdServices(store, SETTINGS)) {
			SegmentIdService service = services.service("tiny");
			AtomicLong highestReturned = new AtomicLong();
			ExecutorService threads = Executors.newFixedThreadPool(THREADS);
			List<Future<List<Long>>> results = new ArrayList<>();
			for (int t = 0; t < THREADS; t++) {
				results.add(threads.submit(() -> takeIds(service, idsPerThread, highestReturned)));
			}
			Set<Long> all = new HashSet<>();
			for (Future<List<Long>> result : results) {
				for (long id : result.get()) {
					assertThat(all.add(id)).as("id %d issued twice", id).isTrue();
				}
			}
			threads.shutdown();
			// every range of the tag went to this service: each of its ids was issued once or is in
			// memory (read again while an allocation in flight lands)
			await().untilAsserted(() -> assertThat(all.size() + service.statistics().idsLeft()).isEqualTo(maxId.getAsLong()));
		}
	}

	/** Ids of one thread; each larger than every id any thread was returned before the call began. */
	private static List<Long> takeIds(SegmentIdService service, int count, AtomicLong highestReturned) {
		List<Long> ids = new ArrayList<>();
		while (ids.size() < count) {
			long floor = highestReturned.get();
			List<Long> got = (ids.size() % 2 == 0) ? List.of(service.nextId())
					: new ArrayList<>(service.nextIds(ThreadLocalRandom.current().nextInt(1, 5)));
			for (long id : got) {
				assertThat(id).as("id after %d had been returned", floor).isGreaterThan(floor);
				floor = id;
			}
			highestReturned.accumulateAndGet(floor, Math::max);
			ids.addAll(got);
		}
		return ids;
	}

}
