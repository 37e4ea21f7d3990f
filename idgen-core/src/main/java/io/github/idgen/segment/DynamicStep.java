package io.github.idgen.segment;

/**
 * The step a tag asks the store for: Leaf's rule (a range used up within the target duration
 * doubles the step, one that lasted more than twice as long halves it), plus doubling when callers
 * had to wait for a range, between the row's own step and a maximum, and never past the row's
 * {@code max_limit_id} (a larger step could not be served anyway). Not thread-safe: only the one
 * allocation in flight of a tag uses it.
 */
final class DynamicStep {

	private final int maxStep;

	private final long targetNanos;

	/** Volatile only so that statistics read from other threads see it. */
	private volatile int step;

	private int rowStep;

	private long maxLimitId = Long.MAX_VALUE;

	private long lastAllocationNanos;

	DynamicStep(int maxStep, long targetNanos) {
		this.maxStep = maxStep;
		this.targetNanos = targetNanos;
	}

	/**
	 * Returns the step to ask for now.
	 * @param nowNanos the monotonic clock
	 * @param callersWaited whether callers found no id in memory since the last allocation
	 * @return the step; 1 before the first allocation, so that the row's own step applies
	 */
	int next(long nowNanos, boolean callersWaited) {
		if (this.step == 0) {
			return 1;
		}
		long lasted = nowNanos - this.lastAllocationNanos;
		long next = this.step;
		if (callersWaited || lasted < this.targetNanos) {
			next = this.step * 2L;
		}
		else if (lasted >= 2 * this.targetNanos) {
			next = this.step / 2;
		}
		next = Math.min(next, this.maxStep);
		return (int) Math.min(Math.max(next, this.rowStep), Math.max(1, this.maxLimitId));
	}

	/**
	 * Records an allocation.
	 * @param requestedStep what was asked for
	 * @param range what the store returned
	 * @param nowNanos the monotonic clock
	 */
	void allocated(int requestedStep, SegmentRange range, long nowNanos) {
		this.rowStep = range.rowStep();
		this.maxLimitId = range.maxLimitId();
		this.step = (int) Math.min(Math.max(requestedStep, range.rowStep()), Math.max(1, range.maxLimitId()));
		this.lastAllocationNanos = nowNanos;
	}

	/** The step of the last allocation, 0 before the first. */
	int current() {
		return this.step;
	}

}
