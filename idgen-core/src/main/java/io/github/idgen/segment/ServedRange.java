package io.github.idgen.segment;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import org.jspecify.annotations.Nullable;

/**
 * A range being served: ids {@code firstId .. firstId + size - 1}, {@code taken} of them handed out,
 * and the range to serve after it once the loader has it.
 * <p>
 * Every call increments {@code taken}, and every call reads the bounds. Were they on one cache line,
 * each increment on one core would take the bounds away from every other core, and each call there
 * would fetch the line twice (a shared copy to read, then ownership to increment). The fields are laid
 * out so that they cannot share a line: superclass fields come first, and 64 bytes of padding separate
 * the bounds (written once) from the counter (written by every call).
 */
final class ServedRange extends ServedRangePadding {

	private static final VarHandle TAKEN;

	static {
		try {
			TAKEN = MethodHandles.lookup().findVarHandle(ServedRange.class, "taken", long.class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	/** Ids handed out; may run past {@code size} when callers race at the end, which wastes nothing. */
	volatile long taken;

	ServedRange(SegmentRange range, double preloadShare) {
		super(range.firstId(), range.size(), (long) (range.size() * preloadShare), range.composition());
	}

	/** A range of a plain tag, such as the empty one a service starts with. */
	ServedRange(long firstId, long size, long preloadAt) {
		super(firstId, size, preloadAt, SegmentComposition.PLAIN);
	}

	/**
	 * Returns the id of a number of this range.
	 * @param sequence {@code firstId + taken}
	 * @param shard the shard, 0 when the tag has no shard bits
	 */
	long id(long sequence, int shard) {
		return (sequence << this.bits) | this.businessPart | shard;
	}

	long take(long count) {
		return (long) TAKEN.getAndAdd(this, count);
	}

	boolean compareAndTake(long taken, long count) {
		return TAKEN.compareAndSet(this, taken, taken + count);
	}

}

/** What every call reads and nobody writes after the range is published (but {@code next}, once). */
abstract class ServedRangeBounds {

	final long firstId;

	final long size;

	/** From this many ids taken on, the next range is loaded. */
	final long preloadAt;

	/** The range after this one; set once, by the loader. */
	volatile @Nullable ServedRange next;

	/** {@code composition.bits()} of the tag's composition, the same for every range of a service. */
	final int bits;

	/** {@code businessId << shardBits}, for the fast path. */
	final long businessPart;

	/** {@code composition.shardBits()}, for the fast path. */
	final int shardBits;

	ServedRangeBounds(long firstId, long size, long preloadAt, SegmentComposition composition) {
		this.firstId = firstId;
		this.size = size;
		this.preloadAt = preloadAt;
		this.bits = composition.bits();
		this.businessPart = composition.businessId() << composition.shardBits();
		this.shardBits = composition.shardBits();
	}

}

/** A cache line's worth of bytes between the bounds and the counter. */
abstract class ServedRangePadding extends ServedRangeBounds {

	long p0, p1, p2, p3, p4, p5, p6, p7;

	ServedRangePadding(long firstId, long size, long preloadAt, SegmentComposition composition) {
		super(firstId, size, preloadAt, composition);
	}

}
