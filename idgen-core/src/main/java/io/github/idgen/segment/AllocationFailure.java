package io.github.idgen.segment;

/**
 * A failed allocation attempt of a tag.
 *
 * @param error what failed it
 * @param message what operators read, in statistics and in the exception callers get
 * @param answered whether the store answered and waiting does not change the answer (an unknown,
 * exhausted or bad tag, a store that went back); if not (the store unreachable or failing, no thread
 * to ask it), the attempt is tried again by itself
 * @param atNanos when it failed, on the service's monotonic clock
 */
record AllocationFailure(Throwable error, String message, boolean answered, long atNanos) {

	static AllocationFailure answer(RuntimeException answer, long atNanos) {
		return new AllocationFailure(answer, String.valueOf(answer.getMessage()), true, atNanos);
	}

	static AllocationFailure unanswered(Throwable error, String message, long atNanos) {
		return new AllocationFailure(error, message, false, atNanos);
	}

	/** The store's answer, thrown as it is: its type tells callers what happened. */
	RuntimeException answer() {
		return (RuntimeException) this.error;
	}

	/**
	 * Whether the next attempt may start: after the retry interval, and never once the store went
	 * back (only a repaired row and a restart help then).
	 */
	boolean mayRetry(long nowNanos, long retryIntervalNanos) {
		return !(this.error instanceof SegmentStoreRegressedException) && nowNanos - this.atNanos >= retryIntervalNanos;
	}

}
