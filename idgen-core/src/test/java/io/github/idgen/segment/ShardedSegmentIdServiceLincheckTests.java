package io.github.idgen.segment;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;

import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.shard.Shards;
import io.github.idgen.testsupport.IssuedIds;
import io.github.idgen.testsupport.LincheckRuns;
import io.github.idgen.testsupport.SteppingClock;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ManagedStrategyGuaranteeKt;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StringGen;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Lincheck explores the interleavings of {@link ShardedIdService#nextId(int)},
 * {@link ShardedIdService#nextIds(int, int)} and {@link ShardedIdService#nextId(String)} across shards
 * on a {@link SegmentIdService} whose tag composes its ids (business id 5 in 3 bits, 2 shard bits),
 * with the loader thread and a store that fails or answers late, on ranges of two to four sequences
 * up to a {@code max_limit_id} the scenarios reach ({@link SegmentIdServiceLincheckTests} checks the
 * plain tag's calls and the store going back). The tag's first range is loaded before each scenario.
 * <p>
 * Promised: every id carries the shard asked for in its lowest bits and the tag's business id above
 * it; every id once, above every id of the calls that returned before its call began, whatever shards
 * they asked for (so a thread's ids increase); every id's sequence from a range the store answered,
 * no id past {@code max_limit_id}; every call returns, ids or an exception that says why there are
 * none, after waiting no longer than its wait for each range it needed.
 */
@Param(name = "shard", gen = IntGen.class, conf = "0:3")
@Param(name = "count", gen = IntGen.class, conf = "1:4")
@Param(name = "key", gen = StringGen.class, conf = "3:ab")
@Param(name = "misbehaviour", gen = IntGen.class, conf = "0:1")
public class ShardedSegmentIdServiceLincheckTests {

	private static final SegmentComposition COMPOSITION = new SegmentComposition(5, 3, 2);

	private static final Duration WAIT = Duration.ofMillis(2);

	/** Half a range used starts the preload; steps of 2 to 4 sequences; waits of 2 ms. */
	private static final SegmentSettings SETTINGS = new SegmentSettings(0.5, WAIT, 4, Duration.ofMinutes(15),
			SegmentSettings.MIN_RETRY_INTERVAL);

	private static final long SLICE_NANOS = 1_000_000;

	/** Ids up to sequence 16 of the highest shard. */
	private static final long MAX_LIMIT_ID = COMPOSITION.compose(16, 3);

	private final SteppingClock clock = new SteppingClock(0, 100_000);

	private final ModelStore store = new ModelStore(2, MAX_LIMIT_ID, this.clock, COMPOSITION);

	private final OperatedExecutors executors = new OperatedExecutors();

	/** How long the current call of each thread waited. */
	private final ThreadLocal<long[]> waitedByThisCall = ThreadLocal.withInitial(() -> new long[1]);

	private final SegmentWaitClock waitClock = new SegmentWaitClock() {

		@Override
		public long nanoTime() {
			return ShardedSegmentIdServiceLincheckTests.this.clock.getAsLong();
		}

		@Override
		public void await(Lock lock, Condition condition, long nanos) {
			// the wait passes the check's clock with the lock released, as a timed wait would
			lock.unlock();
			try {
				long slice = Math.min(nanos, SLICE_NANOS);
				ShardedSegmentIdServiceLincheckTests.this.waitedByThisCall.get()[0] += slice;
				ShardedSegmentIdServiceLincheckTests.this.clock.pass(slice);
			}
			finally {
				lock.lock();
			}
		}

	};

	private final SegmentIdService service = new SegmentIdService("sharded", this.store, SETTINGS, this.executors.loader,
			this.executors.retryTimer, this.waitClock);

	private final IssuedIds ids = new IssuedIds();

	public ShardedSegmentIdServiceLincheckTests() {
		// the tag's first range, taken before the scenario, so that the service knows its shard bits
		try {
			this.service.nextId(0);
		}
		catch (SegmentIdsUnavailableException expected) {
			// no loader ran yet: it runs now
		}
		backgroundRuns();
	}

	@Operation
	public void nextId(@Param(name = "shard") int shard) {
		call("nextId(" + shard + ")", shard, 1, (service) -> List.of(service.nextId(shard)));
	}

	@Operation
	public void nextIds(@Param(name = "shard") int shard, @Param(name = "count") int count) {
		call("nextIds(" + shard + ", " + count + ")", shard, count, (service) -> service.nextIds(shard, count));
	}

	@Operation
	public void nextIdOfKey(@Param(name = "key") String key) {
		call("nextId(\"" + key + "\")", Shards.ofKey(key, COMPOSITION.shardBits()), 1,
				(service) -> List.of(service.nextId(key)));
	}

	/** The loader thread and the retry timer run what was handed to them so far. */
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

	/** The store's next allocation fails as an unreachable store's does (0), or answers after three waits (1). */
	@Operation
	public void storeMisbehaves(@Param(name = "misbehaviour") int misbehaviour) {
		if (misbehaviour == 0) {
			this.store.failNext();
		}
		else {
			this.store.stallNext(3 * WAIT.toNanos());
		}
	}

	@Validate
	public void promisesKept() {
		this.ids.check();
	}

	private void call(String name, int shard, int count, Function<ShardedIdService, Collection<Long>> call) {
		long floor = this.ids.floor();
		this.waitedByThisCall.get()[0] = 0;
		Collection<Long> issued;
		try {
			issued = call.apply(this.service);
		}
		catch (SegmentIdsUnavailableException | SegmentTagExhaustedException ex) {
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
		for (long id : issued) {
			if (COMPOSITION.shardOf(id) != shard || this.service.shardOf(id) != shard
					|| COMPOSITION.businessIdOf(id) != COMPOSITION.businessId()) {
				this.ids.violation(name + " returned " + id + " of shard " + COMPOSITION.shardOf(id) + ", business id "
						+ COMPOSITION.businessIdOf(id));
			}
			if (!this.store.answered(COMPOSITION.sequenceOf(id)) || id > MAX_LIMIT_ID) {
				this.ids.violation(name + " returned " + id + ", whose sequence is outside every range the store"
						+ " answered, or past " + MAX_LIMIT_ID);
			}
		}
		this.ids.issued(floor, issued, name);
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
		LincheckRuns.modelChecking(2, 75)
			.addGuarantee(ManagedStrategyGuaranteeKt
				.forClasses(ModelStore.class.getName(), OperatedExecutors.class.getName())
				.allMethods()
				.treatAsAtomic())
			.check(getClass());
	}

	@Test
	void stress() {
		LincheckRuns.stress(3, 300).check(getClass());
	}

}
