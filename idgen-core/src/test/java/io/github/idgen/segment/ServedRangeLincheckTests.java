package io.github.idgen.segment;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

import io.github.idgen.testsupport.IssuedIds;
import io.github.idgen.testsupport.LincheckRuns;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Lincheck explores the interleavings of what callers do to a {@link ServedRange} (an id taken by
 * {@link ServedRange#take(long) increment}, a batch by {@link ServedRange#compareAndTake
 * compare-and-set}, both racing at the end of the range, where {@code taken} runs past its size) with
 * the loader publishing the next range once {@link TakenRanges} accepted it, and callers moving the
 * current range on to it; and the store answering a range that starts below ids taken before, or of
 * another composition, which {@link TakenRanges} must refuse before any of its ids is served.
 * <p>
 * Promised: every id once and from a range that was accepted, never an id past a range's end; a
 * thread's ids increase; a range repeating ids, or of another composition, is refused and never
 * served; the composition readers see is the first range's.
 * <p>
 * The loader's steps run one at a time (as the {@link RangeLoader} orders its attempts), callers in
 * any number.
 */
@Param(name = "count", gen = IntGen.class, conf = "1:3")
public class ServedRangeLincheckTests {

	private static final VarHandle CURRENT;

	static {
		try {
			CURRENT = MethodHandles.lookup().findVarHandle(ServedRangeLincheckTests.class, "current", ServedRange.class);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	private static final SegmentComposition COMPOSED = new SegmentComposition(5, 3, 0);

	private final TakenRanges taken = new TakenRanges("model");

	/** The range callers take from, replaced by compare-and-set, as the service's. */
	private volatile ServedRange current = new ServedRange(1, 0, 0);

	/** The store's record: the last id handed out; written by the loader's steps only. */
	private long maxId;

	/** The ranges {@link TakenRanges} accepted; written by the loader's steps only. */
	private final List<SegmentRange> accepted = new ArrayList<>();

	/** The composition of the first range offered, which every range after it must have. */
	private volatile @Nullable SegmentComposition first;

	private final IssuedIds ids = new IssuedIds();

	@Operation
	public void takeOne() {
		long floor = this.ids.floor();
		ServedRange range = this.current;
		long number = range.take(1);
		if (number < range.size) {
			issued(floor, List.of(range.id(range.firstId + number, 0)), range, "takeOne()");
		}
		else {
			moveOn(range);
		}
	}

	@Operation
	public void takeBatch(@Param(name = "count") int count) {
		long floor = this.ids.floor();
		ServedRange range = this.current;
		long before = range.taken;
		if (before >= range.size) {
			moveOn(range);
			return;
		}
		long take = Math.min(count, range.size - before);
		if (range.compareAndTake(before, take)) {
			List<Long> batch = new ArrayList<>();
			for (long i = 0; i < take; i++) {
				batch.add(range.id(range.firstId + before + i, 0));
			}
			issued(floor, batch, range, "takeBatch(" + count + ")");
		}
	}

	/** The loader's attempt: the store's next range of two or three ids, checked and hung on the current one. */
	@Operation(nonParallelGroup = "loader")
	public void loaderHangsNext(@Param(name = "count") int size) {
		attempt(Math.max(2, size), 0, COMPOSED);
	}

	/** The store lost its last commit: the range it answers repeats an id, and must be refused. */
	@Operation(nonParallelGroup = "loader")
	public void storeAnswersBelow() {
		attempt(2, 1, COMPOSED);
	}

	/** The tag's record was edited: the range it answers has no business id bits, and must be refused. */
	@Operation(nonParallelGroup = "loader")
	public void storeAnswersAnotherComposition() {
		attempt(2, 0, SegmentComposition.PLAIN);
	}

	@Operation
	public void readComposition() {
		SegmentComposition composition = this.taken.composition();
		if (composition != null && !composition.equals(this.first)) {
			this.ids.violation("composition() returned " + composition + ", not the first range's " + this.first);
		}
	}

	@Validate
	public void promisesKept() {
		this.ids.check();
	}

	private void attempt(int size, long back, SegmentComposition composition) {
		ServedRange extended = this.current;
		if (extended.next != null) {
			return;
		}
		long first = Math.max(1, this.maxId + 1 - back);
		SegmentRange range = new SegmentRange("model", first, first + size - 1, 2, Long.MAX_VALUE, composition);
		boolean firstRange = this.first == null;
		if (firstRange) {
			this.first = composition;
		}
		boolean acceptable = firstRange || back == 0 && composition.equals(this.first);
		try {
			this.taken.take(range, "the model store");
		}
		catch (SegmentTagRefusedException ex) {
			if (acceptable) {
				this.ids.violation("range " + range + ", above every id taken and of the first range's composition, was refused: " + ex);
			}
			return;
		}
		if (!acceptable) {
			this.ids.violation("range " + range + " was accepted after " + this.accepted);
		}
		this.maxId = range.lastId();
		synchronized (this.accepted) {
			this.accepted.add(range);
		}
		extended.next = new ServedRange(range, 0.5);
	}

	private void moveOn(ServedRange usedUp) {
		ServedRange next = usedUp.next;
		if (next != null) {
			CURRENT.compareAndSet(this, usedUp, next);
		}
	}

	private void issued(long floor, List<Long> batch, ServedRange range, String call) {
		this.ids.issued(floor, batch, call);
		for (long id : batch) {
			long sequence = id >>> range.bits;
			if (!fromAnAcceptedRange(sequence)) {
				this.ids.violation(call + " returned " + id + " (number " + sequence + "), from no range accepted");
			}
		}
	}

	private boolean fromAnAcceptedRange(long sequence) {
		synchronized (this.accepted) {
			return this.accepted.stream().anyMatch((range) -> range.firstId() <= sequence && sequence <= range.lastId());
		}
	}

	@Test
	void modelChecking() {
		LincheckRuns.modelChecking(4, 100).check(getClass());
	}

	@Test
	void stress() {
		LincheckRuns.stress(5, 500).check(getClass());
	}

}
