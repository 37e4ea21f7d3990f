package io.github.idgen.lease;

import java.io.Closeable;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Runs tasks when deadlines on the leases' monotonic clock come, on a thread of its own: the keeper's
 * thread may be blocked in a request to the store for a third of the lease timeout, and a lease's
 * deadline must not wait for it.
 */
final class LeaseDeadlines implements DeadlineTimer, Closeable {

	private final LongSupplier nanoClock;

	private final ScheduledThreadPoolExecutor executor;

	/**
	 * Creates the timer; its thread starts with the first deadline.
	 * @param nanoClock the clock the deadlines are read on
	 * @param backend where the leases live, to name the thread
	 */
	LeaseDeadlines(LongSupplier nanoClock, LeaseBackend backend) {
		this.nanoClock = nanoClock;
		this.executor = new ScheduledThreadPoolExecutor(1, daemonThreads("idgen-lease-deadline", backend));
	}

	/**
	 * Returns a factory of daemon threads named after what they do and where the leases live.
	 * @param name what the threads do, such as {@code idgen-lease}
	 * @param backend where the leases live
	 * @return the factory
	 */
	static ThreadFactory daemonThreads(String name, LeaseBackend backend) {
		String threadName = name + backend.location().replace('/', '-');
		return (task) -> {
			Thread thread = new Thread(task, threadName);
			thread.setDaemon(true);
			return thread;
		};
	}

	/** After {@link #close()}, never runs the task. */
	@Override
	public void at(long deadlineNanos, Runnable task) {
		try {
			this.executor.schedule(task, Math.max(0, deadlineNanos - this.nanoClock.getAsLong()), TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			// closed: every lease is released, and a released lease permits nothing
		}
	}

	@Override
	public void close() {
		this.executor.shutdownNow();
	}

}
