package io.github.idgen.redis;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

/**
 * What this instance saw of lease records: each record's version, the server incarnation (epoch) it
 * was read in, and when, on this instance's own monotonic clock, it first saw that pair. A record
 * that must be waited for (held, or free but written before this incarnation) may be claimed once it
 * stood still for a whole lease timeout: any holder that relied on it proved nothing for that long, so
 * its deadline (the send time of its last successful renewal + two thirds of the timeout) has passed.
 * A new epoch restarts the watch, whatever the version: a restarted, restored or promoted server may
 * show a version again that stood for another state. The server's clock is never consulted.
 */
final class RecordObservations {

	private final Map<Integer, Seen> seen = new ConcurrentHashMap<>();

	private final long timeoutNanos;

	RecordObservations(long timeoutNanos) {
		this.timeoutNanos = timeoutNanos;
	}

	/**
	 * Records a read.
	 * @param waitedFor whether a claim must wait for the record to stand still: held, or free but not
	 * freed by the incarnation it was read in
	 * @param held whether it names a holder
	 * @param nanos this clock after the read returned: no later write can have made that version
	 */
	void saw(int nodeId, String epoch, long version, boolean waitedFor, boolean held, long nanos) {
		this.seen.compute(nodeId, (id, previous) -> (previous != null && previous.version == version
				&& previous.epoch.equals(epoch)) ? previous : new Seen(epoch, version, waitedFor, held, nanos));
	}

	/**
	 * Returns whether a record that must be waited for stood still at {@code version}, in the epoch it
	 * was last read in, for a whole lease timeout.
	 */
	boolean waitedOut(int nodeId, long version, long nowNanos) {
		Seen seen = this.seen.get(nodeId);
		return seen != null && seen.waitedFor && seen.version == version
				&& nowNanos - seen.firstSeenNanos >= this.timeoutNanos;
	}

	/** Returns whether a record named a holder when it was last read. */
	boolean wasHeld(int nodeId) {
		Seen seen = this.seen.get(nodeId);
		return seen != null && seen.held;
	}

	/** Returns the epoch a record was last read in, or {@code null} if it was never read. */
	@Nullable String epochOf(int nodeId) {
		Seen seen = this.seen.get(nodeId);
		return (seen != null) ? seen.epoch : null;
	}

	private record Seen(String epoch, long version, boolean waitedFor, boolean held, long firstSeenNanos) {
	}

}
