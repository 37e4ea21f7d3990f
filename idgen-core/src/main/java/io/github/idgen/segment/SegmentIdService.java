package io.github.idgen.segment;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import io.github.idgen.shard.ShardedIdService;
import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.IdList;
import io.github.idgen.snowflake.IdService;
import org.jspecify.annotations.Nullable;

/**
 * The {@link IdService} of one segment tag: ids from a range in memory, the next range loaded once a
 * share of the current one is used, at most one allocation in flight and one range ahead.
 * <p>
 * The fast path takes no lock: one volatile read of the current range and one atomic increment on
 * it. A caller that finds the current range used up switches to the preloaded one (a compare-and-set
 * of the current range), or, when there is none yet, waits a bounded time for it. The next range is
 * taken on a loader thread, never by a caller: a store that answered at once may stall (see
 * {@link RangeLoader}), and no caller waits longer than the wait for it. Every new range must
 * start above every id this service took before, or it is refused and the tag stops: that is what
 * keeps the ids of one service strictly increasing even if the store lost commits.
 * <p>
 * The ranges come from a {@link RangeLoader}. An answer of the store that waiting cannot change (an
 * unknown, exhausted or bad tag) is thrown to the callers that waited for it, and asked for again
 * only by a caller that comes after the retry interval.
 * <p>
 * A tag whose record has a {@link SegmentComposition} composes each id from the next sequence, its
 * business id and the shard asked for; a tag with shard bits issues ids only for a shard
 * ({@link #nextId(int)}, {@link #nextId(String)}).
 * <p>
 * A range that could repeat ids already issued, one that does not start above them
 * ({@link SegmentStoreRegressedException}) or whose composition differs from the first range's
 * ({@link SegmentCompositionChangedException}), is refused, and with it the tag, for the rest of the
 * service's life: ids left in memory are served, and then every call that needs a range gets that
 * exception; no range is asked for again, whatever the store's record says later.
 */
public final class SegmentIdService implements ShardedIdService {

	private static final int NO_SHARD = TagShards.NO_SHARD;

	private static final VarHandle CURRENT = varHandle(SegmentIdService.class, "current", ServedRange.class);

	private final String tag;

	private final SegmentStore store;

	private final SegmentSettings settings;

	private final LongSupplier nanoClock;

	private final TagShards shards;

	/** The range being served; its {@code next} is the preloaded one. Replaced by compare-and-set. */
	private volatile ServedRange current = new ServedRange(1, 0, 0);

	private final RangeLoader loader;

	private final LongAdder waits = new LongAdder();

	/** Set once its registry dropped it: the registry hands it out no more. */
	private volatile boolean forgotten;

	SegmentIdService(String tag, SegmentStore store, SegmentSettings settings, Executor loader,
			ScheduledExecutorService retries, LongSupplier nanoClock) {
		this(tag, store, settings, loader, retries, SegmentWaitClock.of(nanoClock));
	}

	/** With the clock its waits are timed on and how they wait, for model checks. */
	SegmentIdService(String tag, SegmentStore store, SegmentSettings settings, Executor loader,
			ScheduledExecutorService retries, SegmentWaitClock clock) {
		this.tag = tag;
		this.store = store;
		this.settings = settings;
		this.nanoClock = clock::nanoTime;
		this.shards = new TagShards(tag, store);
		this.loader = new RangeLoader(tag, store, settings, loader, retries, clock, () -> this.current, this::moveOn,
				() -> this.forgotten);
	}

	/**
	 * Returns the tag this service issues ids for.
	 * @return the tag
	 */
	public String getTag() {
		return this.tag;
	}

	@Override
	public long nextId() {
		ServedRange current = this.current;
		if (current.shardBits != 0) {
			throw this.shards.required(current.shardBits);
		}
		long id = takeOne(current, 0);
		return (id != 0) ? id : nextIdSlowly(current, NO_SHARD);
	}

	/**
	 * {@inheritDoc}
	 * @throws IllegalArgumentException naming the tag and how to give its ids a shard, if they carry none
	 */
	@Override
	public long nextId(int shard) {
		this.shards.requireNotNegative(shard, this.loader.composition());
		ServedRange current = this.current;
		if (current.size != 0) {
			this.shards.check(current.shardBits, shard);
		}
		long id = takeOne(current, shard);
		return (id != 0) ? id : nextIdSlowly(current, shard);
	}

	/**
	 * {@inheritDoc}
	 * @throws IllegalArgumentException naming the tag and how to give its ids a shard, if they carry none
	 */
	@Override
	public long nextId(String key) {
		SegmentComposition composition = this.loader.composition();
		if (composition == null) {
			awaitFirstRange();
			composition = composition();
		}
		if (composition.shardBits() == 0) {
			throw this.shards.noShard("key");
		}
		return nextId(Shards.ofKey(key, composition.shardBits()));
	}

	@Override
	public Collection<Long> nextIds(int num) {
		return nextIds(NO_SHARD, num, "num");
	}

	/**
	 * {@inheritDoc}
	 * @throws IllegalArgumentException naming the tag and how to give its ids a shard, if they carry none
	 */
	@Override
	public Collection<Long> nextIds(int shard, int count) {
		return nextIds(this.shards.requireNotNegative(shard, this.loader.composition()), count, "count");
	}

	private Collection<Long> nextIds(int shard, int count, String countName) {
		if (count < 1 || count > MAX_BATCH_SIZE) {
			throw new IllegalArgumentException(countName + " must be from 1 to "
					+ MAX_BATCH_SIZE + ", was " + count);
		}
		long[] ids = new long[count];
		int filled = 0;
		long deadline = 0;
		boolean waited = false;
		while (filled < count) {
			ServedRange current = this.current;
			long taken = current.taken;
			if (taken < current.size) {
				this.shards.check(current.shardBits, shard);
				long take = Math.min(count - filled, current.size - taken);
				if (current.compareAndTake(taken, take)) {
					int lowBits = Math.max(shard, 0);
					for (long i = 0; i < take; i++) {
						ids[filled++] = current.id(current.firstId + taken + i, lowBits);
					}
					if (taken + take > current.preloadAt && current.next == null) {
						this.loader.start();
					}
					// the wait bounds a range that does not come, not a batch that takes many
					deadline = 0;
				}
				continue;
			}
			if (deadline == 0 && current.next == null) {
				deadline = this.nanoClock.getAsLong() + this.settings.maxWait().toNanos();
			}
			waited |= advance(current, deadline, !waited);
		}
		return new IdList(ids);
	}

	/**
	 * {@inheritDoc}
	 * <p>
	 * The shard bits of the tag's record, as its first range said; 0 before the first range.
	 */
	@Override
	public int shardBits() {
		SegmentComposition composition = this.loader.composition();
		return (composition != null) ? composition.shardBits() : 0;
	}

	/**
	 * Returns how the tag's ids are composed, as its first range said.
	 * @return the composition; {@link SegmentComposition#PLAIN} before the first range
	 */
	public SegmentComposition composition() {
		SegmentComposition composition = this.loader.composition();
		return (composition != null) ? composition : SegmentComposition.PLAIN;
	}

	/**
	 * Returns whether the store answered the last allocation within {@link RangeLoader#AT_ONCE_NANOS}.
	 * @return false before the first allocation, after a failed one and after a slow one
	 */
	boolean storeAnswersAtOnce() {
		return this.loader.answersAtOnce();
	}

	/**
	 * Returns what this service did and holds.
	 * @return a snapshot
	 */
	public SegmentStatistics statistics() {
		ServedRange current = this.current;
		ServedRange next = current.next;
		long left = Math.max(0, current.size - current.taken) + ((next != null) ? next.size : 0);
		AllocationFailure failure = this.loader.failure();
		AllocationCounts counts = this.loader.counts();
		// an allocation that runs past the wait serves no caller who runs dry, whatever the store does
		boolean overdue = next == null && this.loader.overdue(this.nanoClock.getAsLong());
		String lastError = (failure != null) ? failure.message()
				: overdue ? "Allocation from " + this.store.describe() + " still running after " + this.settings.maxWait()
						+ ", the wait for a range" : null;
		return new SegmentStatistics(this.tag, (current.size > 0) ? current.firstId : 0,
				(current.size > 0) ? current.firstId + current.size - 1 : 0, left, next != null, this.loader.step(),
				counts.allocations(), this.waits.sum(), counts.storeErrors(),
				!overdue && (failure == null || failure.answered()), lastError, composedOrNull(),
				failure != null && failure.refusal(), counts.allocatedIds(), counts.lastAllocationMicros(),
				(failure != null) ? AllocationCounts.instantOf(this.nanoClock.getAsLong(), this.loader.failingSinceNanos())
						: null);
	}

	/**
	 * How long the store took, in total, to answer the allocations that got a range ({@code allocations} of
	 * {@link #statistics()} counts them): with that count, the refill latency a meter shows.
	 * @return the total, in nanoseconds
	 */
	public long allocationNanos() {
		return this.loader.counts().allocationNanos();
	}

	private @Nullable SegmentComposition composedOrNull() {
		SegmentComposition composition = composition();
		return composition.isPlain() ? null : composition;
	}

	/** Says that the registry dropped this service; it is never handed out again. */
	void forgotten() {
		this.forgotten = true;
	}

	boolean isForgotten() {
		return this.forgotten;
	}

	/** Returns whether a range came: one is served, or loaded to be served next. */
	boolean hasRange() {
		ServedRange current = this.current;
		return current.size > 0 || current.next != null;
	}

	/**
	 * Returns whether the tag is refused for the rest of this service's life
	 * ({@link SegmentTagRefusedException}): it takes no range any more.
	 */
	boolean isRefusedForGood() {
		AllocationFailure failure = this.loader.failure();
		return failure != null && failure.refusal();
	}

	/**
	 * Returns whether the store answered, before any range, that waiting does not help: the tag is
	 * unknown, exhausted or bad.
	 */
	boolean isRejectedBeforeFirstRange() {
		AllocationFailure failure = this.loader.failure();
		return failure != null && failure.answered() && !this.loader.hasTakenARange();
	}

	/**
	 * Waits for the first range, so that an unknown or exhausted tag shows at once.
	 */
	void awaitFirstRange() {
		long deadline = this.nanoClock.getAsLong() + this.settings.maxWait().toNanos();
		ServedRange current;
		while ((current = this.current).size == 0 && current.next == null) {
			advance(current, deadline, false);
		}
	}

	private long nextIdSlowly(ServedRange usedUp, int shard) {
		// the clock is read only once a wait begins: a switch to a loaded range costs what an id costs
		long deadline = 0;
		boolean waited = false;
		ServedRange current = usedUp;
		for (;;) {
			if (current.next == null && deadline == 0) {
				deadline = this.nanoClock.getAsLong() + this.settings.maxWait().toNanos();
			}
			waited |= advance(current, deadline, !waited);
			current = this.current;
			if (current.size != 0) {
				this.shards.check(current.shardBits, shard);
			}
			long id = takeOne(current, Math.max(shard, 0));
			if (id != 0) {
				return id;
			}
		}
	}

	/**
	 * Takes an id from a range, starting the preload past its threshold.
	 * @param shard the shard the id carries, 0 for a tag without shard bits
	 * @return the id, or 0 (never an id: ids start at 1) if the range is used up
	 */
	private long takeOne(ServedRange current, int shard) {
		long taken = current.take(1);
		if (taken >= current.size) {
			return 0;
		}
		if (taken >= current.preloadAt && current.next == null) {
			this.loader.start();
		}
		return current.id(current.firstId + taken, shard);
	}

	/**
	 * Moves past a used-up current range: switches to the next range if it is loaded, or starts
	 * loading it and waits for it a while.
	 * @return whether it waited
	 * @throws SegmentIdsUnavailableException if the deadline passed
	 * @throws RuntimeException the store's answer, if it said that waiting does not help (its type
	 * tells what happened)
	 */
	private boolean advance(ServedRange seen, long deadline, boolean countWait) {
		if (seen.next != null) {
			moveOn(seen);
			return false;
		}
		AllocationFailure failure = this.loader.failure();
		if (failure != null && failure.answered()
				&& !failure.mayRetry(this.nanoClock.getAsLong(), this.settings.retryInterval().toNanos())) {
			throw failure.answer();
		}
		if (countWait) {
			this.waits.increment();
		}
		this.loader.callersWaited();
		this.loader.start();
		long remaining = deadline - this.nanoClock.getAsLong();
		if (remaining > 0) {
			this.loader.awaitAttempt(seen, failure, Math.min(remaining, this.settings.retryInterval().toNanos()));
		}
		AllocationFailure after = this.loader.failure();
		if (this.current != seen || seen.next != null) {
			// a range came: the caller looks again. The loader may have gone on at once to the range after
			// it and failed that one (the tag's last range came, and the one after it is refused as
			// exhausted): that answer is for the next caller who finds no id, not for this one
			return true;
		}
		if (after != null && after != failure && after.answered()) {
			// the answer to the attempt this caller waited for, whatever the retry interval
			throw after.answer();
		}
		if (seen.next == null && deadline - this.nanoClock.getAsLong() <= 0) {
			throw unavailable(after);
		}
		return true;
	}

	/** Switches from a used-up range to its next one, unless another caller did. */
	private void moveOn(ServedRange usedUp) {
		CURRENT.compareAndSet(this, usedUp, usedUp.next);
	}

	private SegmentIdsUnavailableException unavailable(@Nullable AllocationFailure failure) {
		String reason = (failure != null) ? ": " + failure.message() : " (allocation still in flight)";
		return new SegmentIdsUnavailableException("No id of segment tag '" + this.tag + "' left in memory and no new range from "
				+ this.store.describe() + " within " + this.settings.maxWait() + reason,
				this.settings.retryInterval().plusSeconds(1), (failure != null) ? failure.error() : null);
	}

	private static VarHandle varHandle(Class<?> owner, String field, Class<?> type) {
		try {
			return MethodHandles.lookup().findVarHandle(owner, field, type);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

}
