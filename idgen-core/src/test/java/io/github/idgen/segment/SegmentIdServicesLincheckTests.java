package io.github.idgen.segment;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import io.github.idgen.testsupport.IssuedIds;
import io.github.idgen.testsupport.LincheckRuns;
import io.github.idgen.testsupport.SteppingClock;
import org.jetbrains.lincheck.datastructures.BooleanGen;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Lincheck explores the interleavings of {@link SegmentIdServices#forTag(String)} (the last-asked
 * service, the map of used tags, a tag's first use) and the ids of the service it returns with
 * {@link SegmentIdServices#forget(String)} of the same tag, which drops the service a lookup under way
 * may still hand out. The tag is asked for by the same {@code String} instance, which the registry
 * answers from its last-asked service, or by an equal one, which it looks up in its map.
 * <p>
 * Promised: every id once, above every id of the calls that returned before its call began, also
 * across a forget (a thread's ids never go back to a dropped service's range); every call returns
 * an id, or, only if a forget came during the call, {@link SegmentTagForgottenException} (the
 * dropped service takes no range after the forget), never another refusal. The allocations run in the caller (a direct executor) so that the checker interleaves them
 * with the lookups; {@link SegmentIdServiceLincheckTests} checks them on a loader thread.
 */
@Param(name = "count", gen = IntGen.class, conf = "1:3")
@Param(name = "sameInstance", gen = BooleanGen.class)
public class SegmentIdServicesLincheckTests {

	private static final String TAG = "orders";

	private static final SegmentSettings SETTINGS = new SegmentSettings(0.5, Duration.ofMillis(2), 4,
			Duration.ofMinutes(15), SegmentSettings.MIN_RETRY_INTERVAL);

	private final SteppingClock clock = new SteppingClock(0, 100_000);

	private final ModelStore store = new ModelStore(2, Long.MAX_VALUE, this.clock);

	private final OperatedExecutors executors = new OperatedExecutors();

	private final SegmentIdServices services = new SegmentIdServices(this.store, SETTINGS,
			SegmentWaitClock.of(this.clock), new DirectExecutor(), this.executors.retryTimer, new ConcurrentHashMap<>());

	private final IssuedIds ids = new IssuedIds();

	/** Counts the forgets begun, each raised before its forget. */
	private final java.util.concurrent.atomic.AtomicInteger forgetsBegun = new java.util.concurrent.atomic.AtomicInteger();

	/** Counts the forgets ended, each raised after its forget. */
	private final java.util.concurrent.atomic.AtomicInteger forgetsEnded = new java.util.concurrent.atomic.AtomicInteger();

	@Operation
	public void nextId(@Param(name = "sameInstance") boolean sameInstance) {
		call("forTag(" + TAG + ").nextId()", 1, sameInstance, (service) -> List.of(service.nextId()));
	}

	@Operation
	public void nextIds(@Param(name = "count") int count, @Param(name = "sameInstance") boolean sameInstance) {
		call("forTag(" + TAG + ").nextIds(" + count + ")", count, sameInstance, (service) -> service.nextIds(count));
	}

	@Operation
	public void forget() {
		this.forgetsBegun.incrementAndGet();
		this.services.forget(TAG);
		this.forgetsEnded.incrementAndGet();
	}

	@Validate
	public void promisesKept() {
		this.ids.check();
	}

	private void call(String name, int count, boolean sameInstance, Function<SegmentIdService, Collection<Long>> call) {
		long floor = this.ids.floor();
		// a forget under way when the call begins may drop the service the call takes: it came during the call
		int forgetsEndedBefore = this.forgetsEnded.get();
		Collection<Long> issued;
		try {
			issued = call.apply(this.services.forTag(sameInstance ? TAG : new String(TAG)));
		}
		catch (SegmentTagForgottenException ex) {
			// a service forgotten during the call takes no range after the forget: no id rather than one
			// above the tag's next service's
			if (this.forgetsBegun.get() == forgetsEndedBefore) {
				this.ids.violation(name + " threw " + ex + " with no forget during the call");
			}
			return;
		}
		catch (RuntimeException ex) {
			this.ids.violation(name + " threw " + ex);
			return;
		}
		if (issued.size() != count) {
			this.ids.violation(name + " returned " + issued.size() + " ids");
		}
		this.ids.issued(floor, issued, name);
	}

	@Test
	void modelChecking() {
		LincheckRuns.modelChecking(2, 100)
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

	/** Runs each allocation in the thread that starts it. */
	private static final class DirectExecutor extends java.util.concurrent.AbstractExecutorService {

		@Override
		public void execute(Runnable task) {
			task.run();
		}

		@Override
		public void shutdown() {
		}

		@Override
		public List<Runnable> shutdownNow() {
			return List.of();
		}

		@Override
		public boolean isShutdown() {
			return false;
		}

		@Override
		public boolean isTerminated() {
			return false;
		}

		@Override
		public boolean awaitTermination(long timeout, java.util.concurrent.TimeUnit unit) {
			return false;
		}

	}

}
