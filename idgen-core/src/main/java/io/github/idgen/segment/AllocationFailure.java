package io.github.idgen.segment;

/**
 * A failed allocation attempt of a tag.
 *
 * @param error what failed it
 * @param message what operators read, in statistics and in the exception callers get
 * @param answered whether the store answered and waiting does not change the answer (an unknown,
 * exhausted or bad tag, a tag refused for good); if not (the store unreachable or failing, no thread
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
	 * Whether the tag is refused for the rest of the instance's life ({@link SegmentTagRefusedException}):
	 * the store went back, or the tag's composition changed. Only a repaired record and a restart help;
	 * a record changed back does not, since another instance may have issued ids meanwhile.
	 */
	boolean refusal() {
		return this.error instanceof SegmentTagRefusedException;
	}

	/**
	 * Whether the next attempt may start: after the retry interval, and never once the tag is
	 * {@link #refusal() refused}.
	 */
	boolean mayRetry(long nowNanos, long retryIntervalNanos) {
		return !refusal() && nowNanos - this.atNanos >= retryIntervalNanos;
	}

	/** The answer to callers of a service its registry dropped: the tag's next service serves it. */
	static AllocationFailure forgotten(String tag, java.time.Duration retryAfter, long atNanos) {
		return answer(new SegmentTagForgottenException(tag, retryAfter), atNanos);
	}

}
