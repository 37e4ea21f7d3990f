package io.github.idgen.jdbc;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What this instance saw of other holders' rows: each row's version and when, on this instance's own
 * monotonic clock, it first saw that version. A held row whose version stood still for a whole lease
 * timeout belongs to a holder that proved nothing for that long: its deadline (the send time of its
 * last successful renewal + two thirds of the timeout) has passed, whatever either host's wall clock
 * says. The database's clock is never consulted.
 */
final class RowObservations {

	private final Map<Integer, Seen> seen = new ConcurrentHashMap<>();

	private final long timeoutNanos;

	RowObservations(long timeoutNanos) {
		this.timeoutNanos = timeoutNanos;
	}

	/**
	 * Records a version read from a row.
	 * @param held whether the row named a holder in that version (every change of holder is a new version)
	 * @param nanos this clock after the read returned: no later renewal can have made the version
	 */
	void saw(int nodeId, long version, boolean held, long nanos) {
		this.seen.compute(nodeId, (id, previous) -> (previous != null && previous.version == version) ? previous
				: new Seen(version, held, nanos));
	}

	/**
	 * Returns whether a row's version has stood still at {@code version} for a whole lease timeout.
	 */
	boolean isStale(int nodeId, long version, long nowNanos) {
		Seen seen = this.seen.get(nodeId);
		return seen != null && seen.version == version && nowNanos - seen.firstSeenNanos >= this.timeoutNanos;
	}

	/**
	 * Returns whether a row names a holder that proved nothing for a whole lease timeout: taking it
	 * over is safe, and worth a warning. A free row is never abandoned, however long it stood still.
	 */
	boolean isAbandoned(int nodeId, long version, long nowNanos) {
		Seen seen = this.seen.get(nodeId);
		return seen != null && seen.held && isStale(nodeId, version, nowNanos);
	}

	private record Seen(long version, boolean held, long firstSeenNanos) {
	}

}
