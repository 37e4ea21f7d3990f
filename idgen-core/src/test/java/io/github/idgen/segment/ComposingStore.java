package io.github.idgen.segment;

import java.util.concurrent.locks.ReentrantLock;

/**
 * A store of tags in memory whose records carry a composition, cut as every store must cut them: no
 * range past the sequence whose ids reach {@code max_limit_id}. The composition of a tag may be
 * changed between allocations, as an operator would change its record.
 */
final class ComposingStore implements SegmentStore {

	private final ReentrantLock lock = new ReentrantLock();

	private final java.util.Map<String, long[]> maxIds = new java.util.HashMap<>();

	private final java.util.Map<String, SegmentComposition> compositions = new java.util.concurrent.ConcurrentHashMap<>();

	private final long maxLimitId;

	private final int step;

	ComposingStore(int step, long maxLimitId) {
		this.step = step;
		this.maxLimitId = maxLimitId;
	}

	ComposingStore tag(String tag, SegmentComposition composition) {
		this.compositions.put(tag, composition);
		return this;
	}

	@Override
	public SegmentRange allocate(String tag, int requestedStep) {
		return allocateExactly(tag, Math.max(requestedStep, this.step));
	}

	@Override
	public SegmentRange allocateExactly(String tag, int size) {
		SegmentComposition composition = this.compositions.get(tag);
		if (composition == null) {
			throw new UnknownSegmentTagException(tag, describe(), howToAddTag(tag));
		}
		long limit = composition.sequenceLimit(this.maxLimitId);
		this.lock.lock();
		try {
			long[] maxId = this.maxIds.computeIfAbsent(tag, (key) -> new long[1]);
			if (maxId[0] >= limit) {
				throw new SegmentTagExhaustedException(tag, maxId[0], this.maxLimitId, describe());
			}
			long first = maxId[0] + 1;
			maxId[0] = (limit - maxId[0] <= size) ? limit : maxId[0] + size;
			return new SegmentRange(tag, first, maxId[0], this.step, this.maxLimitId, composition);
		}
		finally {
			this.lock.unlock();
		}
	}

	@Override
	public String describe() {
		return "memory";
	}

}
