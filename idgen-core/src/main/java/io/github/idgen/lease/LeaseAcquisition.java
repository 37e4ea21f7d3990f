package io.github.idgen.lease;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.lease.LeaseBackend.Claim;
import io.github.idgen.lease.LeaseBackend.VersionedMark;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes a lease: picks a free id (the previous one first, then a sticky one, then the others in random
 * order, so that instances starting together rarely collide), checks its high-water mark against this
 * clock, and claims it together with its record.
 */
final class LeaseAcquisition {

	private static final Logger logger = LoggerFactory.getLogger(LeaseAcquisition.class);

	private final LeaseBackend backend;

	private final LeaseSettings settings;

	private final HighWaterMarks marks;

	private final DeadlineTimer deadlines;

	private final AtomicLong leasesTaken = new AtomicLong();

	private volatile long measuredClockLagMillis;

	LeaseAcquisition(LeaseBackend backend, LeaseSettings settings, HighWaterMarks marks, DeadlineTimer deadlines) {
		this.backend = backend;
		this.settings = settings;
		this.marks = marks;
		this.deadlines = deadlines;
	}

	/**
	 * Claims a free id of the range.
	 * @param preferredNodeId the id to try first, -1 for none
	 * @param avoidedNodeId an id not to take this time, -1 for none
	 * @param previous the lease held before, if any: an id whose record it wrote is ours to continue
	 */
	WorkerIdLease acquire(int preferredNodeId, int avoidedNodeId, @Nullable WorkerIdLease previous, LeaseTiming timing)
			throws Exception {
		NodeIdRange range = this.settings.nodeIds();
		this.backend.prepare(range);
		Set<Integer> held = this.backend.heldNodeIds(range);
		if (this.leasesTaken.get() == 0) {
			warnIfBehindLiveHolders(held);
		}
		List<Integer> free = new ArrayList<>();
		for (int nodeId = range.first(); nodeId <= range.last(); nodeId++) {
			if (!held.contains(nodeId) && nodeId != avoidedNodeId) {
				free.add(nodeId);
			}
		}
		Collections.shuffle(free, ThreadLocalRandom.current());
		if (preferredNodeId < 0 && this.settings.holder().hasConfiguredName()) {
			preferredNodeId = this.marks.stickyNodeId(free);
		}
		if (free.remove(Integer.valueOf(preferredNodeId))) {
			free.add(0, preferredNodeId);
		}
		int holders = held.size();
		List<MarkRejection> rejections = new ArrayList<>();
		for (int nodeId : free) {
			WorkerIdLease claimed = tryClaim(nodeId, previous, timing, rejections);
			if (claimed != null) {
				this.leasesTaken.incrementAndGet();
				return claimed;
			}
			holders++;
		}
		if (!rejections.isEmpty()) {
			MarkRejection nearest = Collections.min(rejections, (a, b) -> Long.compare(a.aheadMillis(), b.aheadMillis()));
			throw new HighWaterMarksAheadException(this.backend.location(), nearest.nodeId(), nearest.aheadMillis(),
					timing.markMaxWaitMillis(), nearest.mark(), rejections.size());
		}
		throw new WorkerIdsExhaustedException(this.backend.location(), this.settings.range(), range.first(),
				range.last(), holders);
	}

	/**
	 * Claims one node id with its record, unless its mark is further ahead than we may wait. Our own
	 * record never holds us back: our generator continues after our own last id.
	 */
	private @Nullable WorkerIdLease tryClaim(int nodeId, @Nullable WorkerIdLease previous, LeaseTiming timing,
			List<MarkRejection> rejections) throws Exception {
		for (;;) {
			VersionedMark recorded = this.backend.readMark(nodeId);
			HighWaterMark mark = recorded.mark();
			long now = this.settings.clock().millis();
			long ahead = mark.markMillis() - now;
			boolean ownRecord = mark.writtenBy(this.settings.holder());
			if (!ownRecord && ahead > timing.markMaxWaitMillis()) {
				rejections.add(new MarkRejection(nodeId, ahead, mark));
				logger.warn("Skipped node id {} at {}: its high-water mark, promised by '{}' ({}), is {} ms ahead of"
						+ " this clock, more than the {} ms this instance may wait", nodeId, this.backend.location(),
						mark.instanceName(), mark.process(), ahead, timing.markMaxWaitMillis());
				return null;
			}
			long sent = this.settings.nanoClock().getAsLong();
			// the session of the claim is only known after it; the record names the holder by token
			HighWaterMark next = this.marks.next(mark, now, 0);
			Claim claim = this.backend.claim(nodeId, this.settings.holder(), recorded.version(), next);
			switch (claim.outcome()) {
				case HELD_BY_ANOTHER:
					return null;
				case MARK_CHANGED:
					continue;
				default:
					// the record named us: nobody held the id since (every holder stamps the record before
					// issuing), and our own ids continue after our last one
					boolean ownIdBack = ownRecord && previous != null && previous.getNodeId() == nodeId;
					long floor = ownIdBack ? ownFloor(previous, recorded) : mark.markMillis();
					return leased(nodeId, claim, sent + timing.validityNanos(), floor, next.markMillis());
			}
		}
	}

	/**
	 * The floor of an id this holder gets back: its previous lease's, since its generator continues
	 * after its own last id; but also after a mark another claim wrote into the record (a successor's,
	 * left in a record that a restored copy gave this holder's token back), since that claim's ids
	 * may lie ahead of this clock.
	 */
	private static long ownFloor(WorkerIdLease previous, VersionedMark recorded) {
		return recorded.markedByAnotherClaimThan(previous.getClaimId())
				? Math.max(previous.getFloorMillis(), recorded.mark().markMillis()) : previous.getFloorMillis();
	}

	private WorkerIdLease leased(int nodeId, Claim claim, long validUntilNanos, long floor, long mark) {
		WorkerIdLease created = new WorkerIdLease(this.leasesTaken.get() + 1, this.backend.location(nodeId), nodeId,
				this.settings.layout(), claim.sessionId(), claim.claimId(), this.settings.holder(),
				Objects.requireNonNull(claim.acquiredAt()), this.settings.nanoClock(), this.deadlines, validUntilNanos,
				floor, mark);
		created.watchDeadline();
		// a mark promises its whole time unit: ids come from the unit after it
		long issuableFrom = this.settings.layout().nextUnitStartMillis(floor);
		logger.info("Leased worker id {} (datacenter id {}) at {}, held by {}{}", created.getWorkerId(),
				created.getDatacenterId(), created.getPath(), created.owner(),
				(issuableFrom > this.settings.clock().millis()) ? "; issuing from " + Instant.ofEpochMilli(issuableFrom)
						+ ", after the previous holder's high-water mark " + Instant.ofEpochMilli(floor) : "");
		return created;
	}

	/**
	 * Logs a warning when this clock is behind a live holder's clock by more than the threshold, judged
	 * from the instant its last mark was written: an early warning of a bad NTP.
	 */
	private void warnIfBehindLiveHolders(Set<Integer> held) throws Exception {
		HighWaterMarks.Lag lag = this.marks.lagBehind(held);
		this.measuredClockLagMillis = lag.millis();
		if (lag.millis() > this.settings.clockSkewWarning().toMillis()) {
			logger.warn("This host's clock is at least {} ms behind the clock of '{}' ({}), which holds an id at {},"
					+ " judged from its high-water mark. Check time synchronisation (NTP) on both hosts: ids this host"
					+ " takes over from hosts ahead of it wait for their marks.", lag.millis(), lag.mark().instanceName(),
					lag.mark().process(), this.backend.location());
		}
	}

	long getLeasesTaken() {
		return this.leasesTaken.get();
	}

	long getMeasuredClockLagMillis() {
		return this.measuredClockLagMillis;
	}

	private record MarkRejection(int nodeId, long aheadMillis, HighWaterMark mark) {
	}

}
