package io.github.idgen.segment;

import java.time.Duration;

/**
 * How the segment id services of one registry behave.
 *
 * @param preloadShare share of a range used, from 0 (at once) up to but excluding 1, after which the
 * next range is loaded in the background
 * @param maxWait how long a caller that finds no id in memory waits for a new range before it gets
 * {@link SegmentIdsUnavailableException}
 * @param maxStep largest step the dynamic step grows to (a row's own step may be larger; it wins)
 * @param stepDuration how long a range should last: one used up faster doubles the next step, one
 * that lasted more than twice as long halves it (Leaf's rule)
 * @param retryInterval least time between two allocation attempts of a tag after one failed, at least
 * {@link #MIN_RETRY_INTERVAL}: how long a tag waits before it asks a store that failed again
 */
public record SegmentSettings(double preloadShare, Duration maxWait, int maxStep, Duration stepDuration,
		Duration retryInterval) {

	/** Shortest retry interval: a tag asks a failing store at most 100 times a second. */
	public static final Duration MIN_RETRY_INTERVAL = Duration.ofMillis(10);

	/** Settings that suit most services: preload at 10 %, wait up to 1 s, steps up to 1,000,000. */
	public static final SegmentSettings DEFAULTS = new SegmentSettings(0.1, Duration.ofSeconds(1), 1_000_000,
			Duration.ofMinutes(15), Duration.ofMillis(100));

	public SegmentSettings {
		if (!(preloadShare >= 0 && preloadShare < 1)) {
			throw new IllegalArgumentException("preloadShare must be at least 0 and below 1, was " + preloadShare);
		}
		if (maxWait.isNegative()) {
			throw new IllegalArgumentException("maxWait must not be negative, was " + maxWait);
		}
		if (maxStep < 1) {
			throw new IllegalArgumentException("maxStep must be at least 1, was " + maxStep);
		}
		if (stepDuration.isNegative() || stepDuration.isZero()) {
			throw new IllegalArgumentException("stepDuration must be positive, was " + stepDuration);
		}
		if (retryInterval.compareTo(MIN_RETRY_INTERVAL) < 0) {
			throw new IllegalArgumentException("retryInterval must be at least " + MIN_RETRY_INTERVAL + ", was " + retryInterval);
		}
	}

	public SegmentSettings withPreloadShare(double preloadShare) {
		return new SegmentSettings(preloadShare, this.maxWait, this.maxStep, this.stepDuration, this.retryInterval);
	}

	public SegmentSettings withMaxWait(Duration maxWait) {
		return new SegmentSettings(this.preloadShare, maxWait, this.maxStep, this.stepDuration, this.retryInterval);
	}

	public SegmentSettings withMaxStep(int maxStep) {
		return new SegmentSettings(this.preloadShare, this.maxWait, maxStep, this.stepDuration, this.retryInterval);
	}

	public SegmentSettings withStepDuration(Duration stepDuration) {
		return new SegmentSettings(this.preloadShare, this.maxWait, this.maxStep, stepDuration, this.retryInterval);
	}

	public SegmentSettings withRetryInterval(Duration retryInterval) {
		return new SegmentSettings(this.preloadShare, this.maxWait, this.maxStep, this.stepDuration, retryInterval);
	}

}
