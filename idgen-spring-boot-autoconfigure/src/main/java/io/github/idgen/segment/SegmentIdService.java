package io.github.idgen.segment;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.time.Duration;
import java.util.Collection;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import io.github.idgen.snowflake.IdList;
import io.github.idgen.snowflake.IdService;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link IdService} of one segment tag: ids from a range in memory, the next range loaded in the
 * background once a share of the current one is used, at most one allocation in flight.
 * <p>
 * The fast path takes no lock: one volatile read of the current range and one atomic increment on
 * it. A caller that finds the current range used up switches to the preloaded one (a compare-and-set
 * of the current range), or, when there is none yet, waits a bounded time for the loader. Every new range must
 * start above every id this service took before, or it is refused and the tag stops: that is what
 * keeps the ids of one service strictly increasing even if the store lost commits.
 */
public final class SegmentIdService implements IdService {

	private static final Logger logger = LoggerFactory.getLogger(SegmentIdService.class);

	private static final VarHandle CURRENT = varHandle(SegmentIdService.class, "current", ServedRange.class);

	private final String tag;

	private final SegmentStore store;

	private final SegmentSettings settings;

	private final Executor loader;

	private final LongSupplier nanoClock;

	private final DynamicStep step;

	/** The range being served; its {@code next} is the preloaded one. Replaced by compare-and-set. */
	private volatile ServedRange current = new ServedRange(1, 0, 0);

	private final AtomicBoolean loading = new AtomicBoolean();

	private final AtomicBoolean callersWaited = new AtomicBoolean();

	private final Object signal = new Object();

	private volatile @Nullable Failure failure;

	/** Largest id of every range taken so far; written by the one loader in flight only. */
	private volatile long highestTaken;

	private final LongAdder allocations = new LongAdder();

	private final LongAdder waits = new LongAdder();

	private final LongAdder storeErrors = new LongAdder();

	SegmentIdService(String tag, SegmentStore store, SegmentSettings settings, Executor loader, LongSupplier nanoClock) {
		this.tag = tag;
		this.store = store;
		this.settings = settings;
		this.loader = loader;
		this.nanoClock = nanoClock;
		this.step = new DynamicStep(settings.maxStep(), settings.stepDuration().toNanos());
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
		long id = takeOne(this.current);
		return (id != 0) ? id : nextIdSlowly();
	}

	@Override
	public Collection<Long> nextIds(int num) {
		if (num < 1 || num > MAX_BATCH_SIZE) {
			throw new IllegalArgumentException("num must be from 1 to " + MAX_BATCH_SIZE + ", was " + num);
		}
		long[] ids = new long[num];
		int filled = 0;
		long deadline = 0;
		boolean waited = false;
		while (filled < num) {
			ServedRange current = this.current;
			long taken = current.taken;
			if (taken < current.size) {
				long count = Math.min(num - filled, current.size - taken);
				if (current.compareAndTake(taken, count)) {
					for (long i = 0; i < count; i++) {
						ids[filled++] = current.firstId + taken + i;
					}
					if (taken + count > current.preloadAt && current.next == null) {
						startLoad();
					}
				}
				continue;
			}
			if (deadline == 0) {
				deadline = this.nanoClock.getAsLong() + this.settings.maxWait().toNanos();
			}
			waited |= advance(current, deadline, !waited);
		}
		return new IdList(ids);
	}

	/**
	 * Returns what this service did and holds.
	 * @return a snapshot
	 */
	public SegmentStatistics statistics() {
		ServedRange current = this.current;
		ServedRange next = current.next;
		long left = Math.max(0, current.size - current.taken) + ((next != null) ? next.size : 0);
		Failure failure = this.failure;
		boolean reachable = failure == null || !(failure.error instanceof SegmentStoreException);
		return new SegmentStatistics(this.tag, (current.size > 0) ? current.firstId : 0,
				(current.size > 0) ? current.firstId + current.size - 1 : 0, left, next != null, this.step.current(),
				this.allocations.sum(), this.waits.sum(), this.storeErrors.sum(), reachable,
				(failure != null) ? failure.error.getMessage() : null);
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

	private long nextIdSlowly() {
		long deadline = this.nanoClock.getAsLong() + this.settings.maxWait().toNanos();
		boolean waited = false;
		for (;;) {
			ServedRange current = this.current;
			long id = takeOne(current);
			if (id != 0) {
				return id;
			}
			waited |= advance(current, deadline, !waited);
		}
	}

	/**
	 * Takes an id from a range, starting the preload past its threshold.
	 * @return the id, or 0 (never an id: ids start at 1) if the range is used up
	 */
	private long takeOne(ServedRange current) {
		long taken = current.take(1);
		if (taken >= current.size) {
			return 0;
		}
		if (taken >= current.preloadAt && current.next == null) {
			startLoad();
		}
		return current.firstId + taken;
	}

	/**
	 * Moves past a used-up current range: switches to the next range if it is loaded, or starts
	 * loading it and waits for it a while.
	 * @return whether it waited
	 * @throws SegmentIdsUnavailableException if the deadline passed
	 */
	private boolean advance(ServedRange seen, long deadline, boolean countWait) {
		ServedRange next = seen.next;
		if (next != null) {
			CURRENT.compareAndSet(this, seen, next);
			return false;
		}
		Failure failure = this.failure;
		if (failure != null && failure.isFinal() && (failure.error instanceof SegmentStoreRegressedException
				|| this.nanoClock.getAsLong() - failure.atNanos < this.settings.retryInterval().toNanos())) {
			// waiting does not help; the stored exception is rethrown as it is: its type tells what happened
			throw failure.error;
		}
		if (countWait) {
			this.waits.increment();
		}
		this.callersWaited.set(true);
		startLoad();
		long remaining = deadline - this.nanoClock.getAsLong();
		if (remaining <= 0) {
			throw unavailable(failure);
		}
		long waitNanos = Math.min(remaining, Math.max(this.settings.retryInterval().toNanos(), 1_000_000));
		synchronized (this.signal) {
			if (this.current == seen && seen.next == null && this.failure == failure) {
				try {
					TimeUnit.NANOSECONDS.timedWait(this.signal, waitNanos);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new SegmentIdsUnavailableException("Interrupted while waiting for a range of segment tag '"
							+ this.tag + "'", Duration.ofSeconds(1), ex);
				}
			}
		}
		return true;
	}

	private SegmentIdsUnavailableException unavailable(@Nullable Failure failure) {
		String reason = (failure != null) ? ": " + failure.error.getMessage() : " (allocation still in flight)";
		return new SegmentIdsUnavailableException("No id of segment tag '" + this.tag + "' left in memory and no new range from "
				+ this.store.describe() + " within " + this.settings.maxWait() + reason,
				this.settings.retryInterval().plusSeconds(1), (failure != null) ? failure.error : null);
	}

	private void startLoad() {
		Failure failure = this.failure;
		if (failure != null && failure.error instanceof SegmentStoreRegressedException) {
			return;
		}
		if (failure != null && this.nanoClock.getAsLong() - failure.atNanos < this.settings.retryInterval().toNanos()) {
			return;
		}
		if (!this.loading.get() && this.loading.compareAndSet(false, true)) {
			try {
				this.loader.execute(this::load);
			}
			catch (RejectedExecutionException ex) {
				this.loading.set(false);
			}
		}
	}

	private void load() {
		Failure failure = null;
		// the range that gets the new one as its next: current cannot move on before that, since
		// moving on needs a next range and only this loader (one at a time) sets it
		ServedRange current = this.current;
		if (current.next != null) {
			// started by a caller that saw an older range; the next one is already there
			this.loading.set(false);
			return;
		}
		try {
			int requested = this.step.next(this.nanoClock.getAsLong(), this.callersWaited.getAndSet(false));
			SegmentRange range = this.store.allocate(this.tag, requested);
			this.allocations.increment();
			if (range.firstId() <= this.highestTaken) {
				throw new SegmentStoreRegressedException(this.tag, range, this.highestTaken, this.store.describe());
			}
			this.highestTaken = range.lastId();
			this.step.allocated(requested, range, this.nanoClock.getAsLong());
			current.next = new ServedRange(range, this.settings.preloadShare());
			if (this.failure != null) {
				logger.info("Segment tag '{}' got range {}..{} from {} again", this.tag, range.firstId(), range.lastId(),
						this.store.describe());
			}
		}
		catch (SegmentStoreRegressedException ex) {
			logger.error(ex.getMessage());
			failure = new Failure(ex, this.nanoClock.getAsLong());
		}
		catch (SegmentStoreException ex) {
			this.storeErrors.increment();
			if (this.failure == null) {
				logger.warn(ex.getMessage());
			}
			else {
				logger.debug(ex.getMessage());
			}
			failure = new Failure(ex, this.nanoClock.getAsLong());
		}
		catch (RuntimeException ex) {
			failure = new Failure(ex, this.nanoClock.getAsLong());
		}
		finally {
			this.failure = failure;
			this.loading.set(false);
			synchronized (this.signal) {
				this.signal.notifyAll();
			}
		}
	}

	private static VarHandle varHandle(Class<?> owner, String field, Class<?> type) {
		try {
			return MethodHandles.lookup().findVarHandle(owner, field, type);
		}
		catch (ReflectiveOperationException ex) {
			throw new ExceptionInInitializerError(ex);
		}
	}

	/** A failed allocation. */
	private record Failure(RuntimeException error, long atNanos) {

		/** Whether waiting does not help: only a change in the store or a restart does. */
		boolean isFinal() {
			return !(this.error instanceof SegmentStoreException);
		}

	}

}
