package io.github.idgen.segment;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;

/**
 * The loader executor and the retry scheduler of a model check: they only queue what they are given,
 * and the check's operations take the tasks and run them ({@link #nextLoaderTask()},
 * {@link #nextRetry()}), so that the checker schedules the loader thread and the retry timer like the
 * callers' threads (it does not schedule threads a pool starts), and a stalled loader is one whose
 * task has not run yet. A retry's delay is not waited for: the checker runs it at any point after it
 * was scheduled, which includes every point after the delay.
 * <p>
 * Its methods are bookkeeping of the check, run atomically by the checker; the tasks run outside it.
 */
final class OperatedExecutors {

	private final Deque<Runnable> loaderTasks = new ArrayDeque<>();

	private final Deque<Runnable> retries = new ArrayDeque<>();

	private boolean shutdown;

	/** The executor the tags' allocations are handed to. */
	final ExecutorService loader = new QueueingExecutor(this.loaderTasks);

	/** The scheduler of the retries after a failure the store did not answer. */
	final ScheduledExecutorService retryTimer = new QueueingScheduler(this.retries);

	/** The loader task queued first, removed, or null. */
	synchronized @Nullable Runnable nextLoaderTask() {
		return this.loaderTasks.pollFirst();
	}

	/** The retry scheduled first, removed, or null. */
	synchronized @Nullable Runnable nextRetry() {
		return this.retries.pollFirst();
	}

	private class QueueingExecutor extends AbstractExecutorService {

		private final Deque<Runnable> queue;

		QueueingExecutor(Deque<Runnable> queue) {
			this.queue = queue;
		}

		@Override
		public void execute(Runnable task) {
			synchronized (OperatedExecutors.this) {
				if (OperatedExecutors.this.shutdown) {
					throw new java.util.concurrent.RejectedExecutionException("shut down");
				}
				this.queue.addLast(task);
			}
		}

		@Override
		public void shutdown() {
			synchronized (OperatedExecutors.this) {
				OperatedExecutors.this.shutdown = true;
			}
		}

		@Override
		public List<Runnable> shutdownNow() {
			shutdown();
			return List.of();
		}

		@Override
		public boolean isShutdown() {
			synchronized (OperatedExecutors.this) {
				return OperatedExecutors.this.shutdown;
			}
		}

		@Override
		public boolean isTerminated() {
			return isShutdown();
		}

		@Override
		public boolean awaitTermination(long timeout, TimeUnit unit) {
			return isShutdown();
		}

	}

	private final class QueueingScheduler extends QueueingExecutor implements ScheduledExecutorService {

		QueueingScheduler(Deque<Runnable> queue) {
			super(queue);
		}

		@Override
		public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
			execute(command);
			return new Scheduled();
		}

		@Override
		public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
			throw new UnsupportedOperationException();
		}

		@Override
		public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
			throw new UnsupportedOperationException();
		}

		@Override
		public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
			throw new UnsupportedOperationException();
		}

	}

	/** What a scheduled retry's caller gets back; the loader never looks at it. */
	private static final class Scheduled implements ScheduledFuture<Object> {

		@Override
		public long getDelay(TimeUnit unit) {
			return 0;
		}

		@Override
		public int compareTo(Delayed other) {
			return 0;
		}

		@Override
		public boolean cancel(boolean mayInterruptIfRunning) {
			return false;
		}

		@Override
		public boolean isCancelled() {
			return false;
		}

		@Override
		public boolean isDone() {
			return false;
		}

		@Override
		public @Nullable Object get() {
			return null;
		}

		@Override
		public @Nullable Object get(long timeout, TimeUnit unit) {
			return null;
		}

	}

}
