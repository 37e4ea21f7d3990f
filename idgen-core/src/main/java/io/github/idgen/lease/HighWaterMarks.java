package io.github.idgen.lease;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

import io.github.idgen.lease.LeaseBackend.VersionedMark;
import io.github.idgen.snowflake.MillisClock;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The high-water mark rules over a backend's records: what a holder writes, raising its own record
 * by compare-and-set and never another's, and the searches for a sticky id and for clocks ahead of
 * this one.
 */
final class HighWaterMarks {

	private static final Logger logger = LoggerFactory.getLogger(HighWaterMarks.class);

	/** How many live holders' records the start-up clock check reads at most. */
	static final int CLOCK_SAMPLE = 8;

	private final LeaseBackend backend;

	private final MillisClock clock;

	private final long markAheadMillis;

	private final LeaseHolder holder;

	HighWaterMarks(LeaseBackend backend, MillisClock clock, long markAheadMillis, LeaseHolder holder) {
		this.backend = backend;
		this.clock = clock;
		this.markAheadMillis = markAheadMillis;
		this.holder = holder;
	}

	/**
	 * Returns the record that raises {@code current} to {@code now} plus the mark-ahead, never
	 * lowering it: a holder that lost its id while paused cannot undo a promise its successor relies on.
	 */
	HighWaterMark next(HighWaterMark current, long now, long sessionId) {
		long mark = Math.max(current.markMillis(), now + this.markAheadMillis);
		return new HighWaterMark(mark, mark - now, this.holder.instanceName(), this.holder.process(), sessionId,
				this.holder.token());
	}

	/**
	 * Raises the record of a lease's node id while it is this lease's own; a record another holder
	 * wrote last is left alone, and so is one whose mark another claim wrote (a successor's mark left in
	 * a record that carries this holder's token again after Redis lost data): that successor may have
	 * issued ids up to its mark, and this lease's generator knows nothing of them.
	 * @return the mark written, or {@code null} if the record is not this lease's own
	 */
	@Nullable Long raiseOwn(WorkerIdLease lease) throws Exception {
		return raiseOwn(lease.getNodeId(), lease.getSessionId(), lease.getClaimId());
	}

	@Nullable Long raiseOwn(int nodeId, long sessionId, long claimId) throws Exception {
		for (;;) {
			VersionedMark current = this.backend.readMark(nodeId);
			if (!current.mark().writtenBy(this.holder) || current.markedByAnotherClaimThan(claimId)) {
				return null;
			}
			HighWaterMark next = next(current.mark(), this.clock.millis(), sessionId);
			if (this.backend.writeMark(nodeId, current.version(), claimId, next)) {
				return next.markMillis();
			}
			// changed meanwhile: read it again, and a successor's takeover makes the next read refuse
		}
	}

	/**
	 * Raises the mark of a held lease. A failed write leaves the last mark standing, and ids stop at it;
	 * a record taken over by another holder ends the lease.
	 * @return what came of it
	 */
	Write writeAhead(WorkerIdLease lease) {
		boolean stalled = this.clock.millis() >= lease.getMarkMillis();
		try {
			Long written = raiseOwn(lease);
			if (written == null) {
				return Write.TAKEN_OVER;
			}
			lease.advanceMark(written);
			return stalled ? Write.RESUMED : Write.WRITTEN;
		}
		catch (Exception ex) {
			if (stalled) {
				logger.warn("Could not write the high-water mark of {}: no ids are issued until a write succeeds",
						lease.getPath(), ex);
			}
			else {
				logger.debug("Could not write the high-water mark of {}; the last one still stands", lease.getPath(), ex);
			}
			return Write.FAILED;
		}
	}

	/**
	 * Returns the free id whose record names this instance, or -1.
	 */
	int stickyNodeId(List<Integer> free) throws Exception {
		Set<Integer> recorded = this.backend.recordedNodeIds();
		for (int nodeId : free) {
			if (recorded.contains(nodeId)
					&& this.backend.readMark(nodeId).mark().instanceName().equals(this.holder.instanceName())) {
				return nodeId;
			}
		}
		return -1;
	}

	/**
	 * Measures how far this clock is behind the clocks live holders had when they last wrote their
	 * marks, from a random sample of at most {@link #CLOCK_SAMPLE} of them: a warning needs no more, and
	 * 1024 instances starting together must not read each other's records a million times.
	 * @return the largest lag found and its record, or a lag of 0 and {@link HighWaterMark#NONE}
	 */
	Lag lagBehind(Set<Integer> liveNodeIds) throws Exception {
		List<Integer> sample = new ArrayList<>(liveNodeIds);
		Collections.shuffle(sample, ThreadLocalRandom.current());
		Lag furthest = new Lag(0, HighWaterMark.NONE);
		for (int nodeId : sample.subList(0, Math.min(CLOCK_SAMPLE, sample.size()))) {
			HighWaterMark mark = this.backend.readMark(nodeId).mark();
			long behind = mark.writtenAtMillis() - this.clock.millis();
			if (mark != HighWaterMark.NONE && behind > furthest.millis()) {
				furthest = new Lag(behind, mark);
			}
		}
		return furthest;
	}

	/** What came of a periodic mark write. */
	enum Write {

		/** Written. */
		WRITTEN,

		/** Written after ids had stopped at the old mark. */
		RESUMED,

		/** The record carries another holder's token: the lease is over. */
		TAKEN_OVER,

		/** Not written; the last mark stands. */
		FAILED

	}

	/**
	 * A clock lag found in a record.
	 * @param millis how far this clock is behind, at least
	 * @param mark the record it was found in
	 */
	record Lag(long millis, HighWaterMark mark) {
	}

}
