package io.github.idgen.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs one task per item from a pool of threads behind one start gate, as instances starting together
 * do.
 */
public final class AtOnce {

	private AtOnce() {
	}

	/**
	 * Runs the task for every item at once and collects the results in the items' order.
	 * @param items such as deployments
	 * @param task what each does, such as leasing
	 * @param <I> the items' type
	 * @param <T> the results' type
	 * @return the results
	 * @throws Exception what a task threw
	 */
	public static <I, T> List<T> run(List<I> items, Task<I, T> task) throws Exception {
		return run(items, 32, task);
	}

	/**
	 * Runs the task for every item, {@code threads} at a time, and collects the results in the items' order.
	 * @param items such as deployments
	 * @param threads how many run at the same moment
	 * @param task what each does, such as leasing
	 * @param <I> the items' type
	 * @param <T> the results' type
	 * @return the results
	 * @throws Exception what a task threw
	 */
	public static <I, T> List<T> run(List<I> items, int threads, Task<I, T> task) throws Exception {
		CountDownLatch go = new CountDownLatch(1);
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			List<Future<T>> started = new ArrayList<>();
			for (I item : items) {
				started.add(pool.submit(() -> {
					go.await();
					return task.run(item);
				}));
			}
			go.countDown();
			List<T> results = new ArrayList<>();
			for (Future<T> result : started) {
				results.add(result.get());
			}
			return results;
		}
		finally {
			pool.shutdownNow();
		}
	}

	/**
	 * What each item does.
	 * @param <I> the item's type
	 * @param <T> the result's type
	 */
	@FunctionalInterface
	public interface Task<I, T> {

		/**
		 * Runs for one item.
		 * @param item the item
		 * @return the result
		 * @throws Exception if it fails
		 */
		T run(I item) throws Exception;

	}

}
