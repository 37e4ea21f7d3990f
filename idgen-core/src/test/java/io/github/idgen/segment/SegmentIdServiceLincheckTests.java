package io.github.idgen.segment;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;

import io.github.idgen.testsupport.IssuedIds;
import io.github.idgen.testsupport.LincheckRuns;
import io.github.idgen.testsupport.SteppingClock;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Lincheck explores the interleavings of {@link SegmentIdService#nextId()} and
 * {@link SegmentIdService#nextIds(int)} with the loader thread (the preload, the range switch, the
 * loader moving callers on to the range it brought), the retry timer after a failure, and a store
 * that fails the next allocation, answers it late (past the callers' wait), or loses its last commit,
 * on ranges of two to four ids up to a {@code max_limit_id} the scenarios reach. The loader and the
 * timer run when the checker schedules their operation ({@link OperatedExecutors}): a loader that
 * has not run is a stalled allocation. The tag's first range is loaded before each scenario.
 * <p>
 * Promised: every id once, above every id of the calls that returned before its call began (so a
 * thread's ids increase); every id from a range the store answered and not past {@code max_limit_id};
 * every call returns, an id or an exception that says why there is none
 * ({@link SegmentIdsUnavailableException}, the tag exhausted or refused), after waiting no longer
 * than its wait for each range it needed. The checker cannot observe time: a wait passes the check's
 * clock ({@link SteppingClock}) slice by slice with the lock released, so "within its wait" is
 * counted on that clock, and a call that never returns is reported by the checker as a deadlock or
 * livelock.
 */
@Param(name = "count", gen = IntGen.class, conf = "1:4")
@Param(name = "misbehaviour", gen = IntGen.class, conf = "0:2")
public class SegmentIdServiceLincheckTests {

	private static final Duration WAIT = Duration.ofMillis(2);

	/** Half a range used starts the preload; steps of 2 to 4 ids; waits of 2 ms; retries after 10 ms. */
	private static final SegmentSettings SETTINGS = new SegmentSettings(0.5, WAIT, 4, Duration.ofMinutes(15),
			SegmentSettings.MIN_RETRY_INTERVAL);

	private static final long SLICE_NANOS = 1_000_000;

	/**
	 * Ten readings a millisecond: no allocation is answered within {@link RangeLoader#AT_ONCE_NANOS},
	 * so callers park at once rather than spin.
	 */
	private final SteppingClock clock = new SteppingClock(0, 100_000);

	private final ModelStore store = new ModelStore(2, 16, this.clock);

	private final OperatedExecutors executors = new OperatedExecutors();

	/** How long the current call of each thread waited. */
	private final ThreadLocal<long[]> waitedByThisCall = ThreadLocal.withInitial(() -> new long[1]);

	private final SegmentWaitClock waitClock = new SegmentWaitClock() {

		@Override
		public long nanoTime() {
			return SegmentIdServiceLincheckTests.this.clock.getAsLong();
		}

		@Override
		public void await(Lock lock, Condition condition, long nanos) {
			lock.unlock();
			try {
				long slice = Math.min(nanos, SLICE_NANOS);
				SegmentIdServiceLincheckTests.this.waitedByThisCall.get()[0] += slice;
				SegmentIdServiceLincheckTests.this.clock.pass(slice);
			}
			finally {
				lock.lock();
			}
		}

	};

	private final SegmentIdService service = new SegmentIdService("model", this.store, SETTINGS, this.executors.loader,
			this.executors.retryTimer, this.waitClock);

	private final IssuedIds ids = new IssuedIds();

	public SegmentIdServiceLincheckTests() {
		// the tag's first range, taken before the scenario: callers find ids from their first call
		try {
			this.service.nextId();
		}
		catch (SegmentIdsUnavailableException expected) {
			// no loader ran yet: it runs now
		}
		backgroundRuns();
	}

	@Operation
	public void nextId() {
		call("nextId()", 1, (service) -> List.of(service.nextId()));
	}

	@Operation
	public void nextIds(@Param(name = "count") int count) {
		call("nextIds(" + count + ")", count, (service) -> service.nextIds(count));
	}

	/**
	 * The loader thread and the retry timer run what was handed to them so far: the retries scheduled,
	 * which hand attempts to the loader, and then the loader's attempts.
	 */
	@Operation(nonParallelGroup = "background")
	public void backgroundRuns() {
		Runnable task;
		while ((task = this.executors.nextRetry()) != null) {
			task.run();
		}
		while ((task = this.executors.nextLoaderTask()) != null) {
			task.run();
		}
	}

	/**
	 * The store's next allocation fails as an unreachable store's does (0), answers after three waits
	 * of the callers (1), or the store's record goes back by a range, so that the next range would
	 * repeat ids and is refused (2).
	 */
	@Operation
	public void storeMisbehaves(@Param(name = "misbehaviour") int misbehaviour) {
		switch (misbehaviour) {
			case 0 -> this.store.failNext();
			case 1 -> this.store.stallNext(3 * WAIT.toNanos());
			default -> this.store.loseLastCommit(2);
		}
	}

	@Validate
	public void promisesKept() {
		this.ids.check();
	}

	private void call(String name, int count, Function<SegmentIdService, Collection<Long>> call) {
		long floor = this.ids.floor();
		this.waitedByThisCall.get()[0] = 0;
		Collection<Long> issued;
		try {
			issued = call.apply(this.service);
		}
		catch (SegmentIdsUnavailableException | SegmentTagExhaustedException | SegmentTagRefusedException ex) {
			checkWithinWait(name, count);
			return;
		}
		catch (RuntimeException ex) {
			this.ids.violation(name + " threw " + ex);
			return;
		}
		checkWithinWait(name, count);
		if (issued.size() != count) {
			this.ids.violation(name + " returned " + issued.size() + " ids");
		}
		this.ids.issued(floor, issued, name);
		for (long id : issued) {
			if (!this.store.answered(id) || id > this.store.maxLimitId()) {
				this.ids.violation(name + " returned " + id + ", outside every range the store answered or past "
						+ this.store.maxLimitId());
			}
		}
	}

	/** Each range a call needs bounds its wait once: a batch may need one per id. */
	private void checkWithinWait(String name, int count) {
		long waited = this.waitedByThisCall.get()[0];
		if (waited > count * WAIT.toNanos()) {
			this.ids.violation(name + " waited " + waited + " ns, its wait is " + WAIT + " per range");
		}
	}

	@Test
	void modelChecking() {
		LincheckRuns.modelChecking(3, 80)
			.addGuarantee(ManagedStrategyGuaranteeKt
				.forClasses(ModelStore.class.getName(), OperatedExecutors.class.getName())
				.allMethods()
				.treatAsAtomic())
			.check(getClass());
	}

	@Test
	void stress() {
		LincheckRuns.stress(5, 300).check(getClass());
	}

}
