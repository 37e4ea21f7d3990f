package io.github.idgen.snowflake;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Many threads sharing one {@link IdServiceTwitter} on the system clock: no id twice, and every
 * thread sees its own ids strictly increasing. Asserts nothing about speed.
 */
// a guard against a hang (a lost wake-up, a livelock), not a speed assertion: a run takes ~1 s
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class IdServiceTwitterConcurrencyTests {

	private static final int THREADS = 4;

	private static final int WORKER_ID = 21;

	private static final int DATACENTER_ID = 10;

	private final ExecutorService executor = Executors.newFixedThreadPool(THREADS);

	private final IdServiceTwitter generator = new IdServiceTwitter(WORKER_ID, DATACENTER_ID);

	@AfterEach
	void shutDown() throws InterruptedException {
		this.executor.shutdownNow();
		assertThat(this.executor.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
	}

	@Test
	void oneMillionIdsFromFourThreadsAreDistinctAndIncreasingPerThread() throws Exception {
		int perThread = 250_000;
		CyclicBarrier start = new CyclicBarrier(THREADS);
		List<Callable<long[]>> tasks = new ArrayList<>();
		for (int t = 0; t < THREADS; t++) {
			tasks.add(() -> {
				long[] ids = new long[perThread];
				start.await();
				for (int i = 0; i < perThread; i++) {
					ids[i] = this.generator.nextId();
				}
				return ids;
			});
		}
		long[][] perThreadIds = run(tasks);
		for (long[] ids : perThreadIds) {
			assertThat(ids).hasSize(perThread);
			assertStrictlyIncreasing(ids);
		}
		assertDistinctWithOurNodeBits(perThreadIds, THREADS * perThread);
	}

	@Test
	void singleIdsAndBatchesFromConcurrentThreadsAreDistinct() throws Exception {
		int perThread = 200_000;
		CyclicBarrier start = new CyclicBarrier(THREADS);
		List<Callable<long[]>> tasks = new ArrayList<>();
		for (int t = 0; t < THREADS; t++) {
			boolean batches = (t % 2 == 0);
			tasks.add(() -> {
				long[] ids = new long[perThread];
				start.await();
				int filled = 0;
				while (filled < perThread) {
					if (batches) {
						for (long id : this.generator.nextIds(100)) {
							ids[filled++] = id;
						}
					}
					else {
						ids[filled++] = this.generator.nextId();
					}
				}
				return ids;
			});
		}
		long[][] perThreadIds = run(tasks);
		for (long[] ids : perThreadIds) {
			assertStrictlyIncreasing(ids);
		}
		assertDistinctWithOurNodeBits(perThreadIds, THREADS * perThread);
	}

	private long[][] run(List<Callable<long[]>> tasks) throws Exception {
		List<Future<long[]>> futures = this.executor.invokeAll(tasks);
		long[][] results = new long[futures.size()][];
		for (int i = 0; i < results.length; i++) {
			results[i] = futures.get(i).get();
		}
		return results;
	}

	private static void assertStrictlyIncreasing(long[] ids) {
		for (int i = 1; i < ids.length; i++) {
			if (ids[i] <= ids[i - 1]) {
				fail("id %d (%d) is not greater than the one before (%d)", i, ids[i], ids[i - 1]);
			}
		}
	}

	private static void assertDistinctWithOurNodeBits(long[][] perThreadIds, int expectedCount) {
		long[] all = new long[expectedCount];
		int offset = 0;
		for (long[] ids : perThreadIds) {
			System.arraycopy(ids, 0, all, offset, ids.length);
			offset += ids.length;
		}
		assertThat(offset).isEqualTo(expectedCount);
		Arrays.sort(all);
		assertThat(all[0]).isPositive();
		long nodeBits = ((long) DATACENTER_ID << 17) | ((long) WORKER_ID << 12);
		for (int i = 0; i < all.length; i++) {
			if (i > 0 && all[i] == all[i - 1]) {
				fail("id %d was issued twice", all[i]);
			}
			if ((all[i] & (0x3FFL << 12)) != nodeBits) {
				fail("id %d does not carry datacenter id %d and worker id %d", all[i], DATACENTER_ID, WORKER_ID);
			}
		}
	}

}
