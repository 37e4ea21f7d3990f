package io.github.idgen.segment;

import java.util.ArrayList;
import java.util.List;

import io.github.idgen.testsupport.SteppingClock;

/**
 * The store of one tag in a model check, in memory, told by the check's operations how to answer
 * the next allocation: fail it as an unreachable store does, answer it late (the check's clock
 * passes while it runs), or lose its last commit, as a database restored from a backup. It records
 * every range it answered, which is where the ids of the check must come from; past
 * {@code max_limit_id} it answers that the tag is exhausted.
 * <p>
 * Its methods are atomic, as a row's update is: the checker interleaves the callers and the loader,
 * not the store's bookkeeping.
 */
final class ModelStore implements SegmentStore {

	private final int rowStep;

	private final long maxLimitId;

	private final SteppingClock clock;

	private final SegmentComposition composition;

	/** The largest sequence whose ids stay at or below {@code max_limit_id}: the ranges' end. */
	private final long sequenceLimit;

	private long maxId;

	private boolean failNext;

	private long stallNanos;

	private final List<SegmentRange> answered = new ArrayList<>();

	ModelStore(int rowStep, long maxLimitId, SteppingClock clock) {
		this(rowStep, maxLimitId, clock, SegmentComposition.PLAIN);
	}

	/** A store whose record composes ids: its ranges are of sequences, which the composition puts in ids. */
	ModelStore(int rowStep, long maxLimitId, SteppingClock clock, SegmentComposition composition) {
		this.rowStep = rowStep;
		this.maxLimitId = maxLimitId;
		this.clock = clock;
		this.composition = composition;
		this.sequenceLimit = composition.sequenceLimit(maxLimitId);
	}

	/** The next allocation fails as an unreachable store's does. */
	synchronized void failNext() {
		this.failNext = true;
	}

	/** The next allocation answers after this long on the check's clock. */
	synchronized void stallNext(long nanos) {
		this.stallNanos = nanos;
	}

	/** The record loses its last commit: it hands out up to {@code ids} ids a second time. */
	synchronized void loseLastCommit(long ids) {
		this.maxId = Math.max(0, this.maxId - ids);
	}

	/** Whether an id (a sequence, for a record that composes ids) lies within a range the store answered. */
	synchronized boolean answered(long id) {
		return this.answered.stream().anyMatch((range) -> range.firstId() <= id && id <= range.lastId());
	}

	long maxLimitId() {
		return this.maxLimitId;
	}

	@Override
	public synchronized SegmentRange allocate(String tag, int requestedStep) {
		return allocateExactly(tag, Math.max(requestedStep, this.rowStep));
	}

	@Override
	public synchronized SegmentRange allocateExactly(String tag, int size) {
		if (this.stallNanos > 0) {
			this.clock.pass(this.stallNanos);
			this.stallNanos = 0;
		}
		if (this.failNext) {
			this.failNext = false;
			throw new SegmentStoreException("Could not allocate a range of segment tag '" + tag + "' from " + describe(),
					new IllegalStateException("connection reset"));
		}
		if (this.maxId >= this.sequenceLimit) {
			throw new SegmentTagExhaustedException(tag, this.maxLimitId, describe());
		}
		long first = this.maxId + 1;
		this.maxId = Math.min(this.maxId + size, this.sequenceLimit);
		SegmentRange range = new SegmentRange(tag, first, this.maxId, this.rowStep, this.maxLimitId, this.composition);
		this.answered.add(range);
		return range;
	}

	@Override
	public String describe() {
		return "the model store";
	}

}
