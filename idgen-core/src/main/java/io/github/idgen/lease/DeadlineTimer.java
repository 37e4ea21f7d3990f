package io.github.idgen.lease;

/**
 * Runs a task once a deadline on the leases' monotonic clock has come.
 */
@FunctionalInterface
interface DeadlineTimer {

	/** A timer that never runs anything, for leases whose deadline nobody watches. */
	DeadlineTimer NONE = (deadlineNanos, task) -> {
	};

	/**
	 * Runs a task once the clock reaches a deadline, on a thread of the timer's.
	 * @param deadlineNanos the deadline
	 * @param task what to run; it checks for itself whether the deadline still stands
	 */
	void at(long deadlineNanos, Runnable task);

}
