package io.github.idgen.segment;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes the ranges of one tag from the store, one attempt at a time, and hangs each new range on the
 * range being served as its {@code next}. Remembers how the last attempt ended: an attempt that got
 * no answer from the store (it was unreachable or failed, threw an {@link Error}, or no loader
 * thread could start) is tried again after the retry interval by itself, callers or not, until the
 * store answers; so a tag recovers, and shows it, without traffic.
 * <p>
 * Every attempt runs on a loader thread, never in a caller: a store's call cannot be bounded from
 * inside, and one that answered at once before can stall on the next (a cache miss, a locked row),
 * which would hold the caller running it for as long as the store takes, past its wait. A caller
 * that finds no id waits for the attempt a bounded time instead. The loader thread starts at the
 * preload mark and keeps asking, one allocation after the other, while callers run dry, so that it
 * is not woken once per range.
 */
final class RangeLoader {

	/**
	 * Longest allocation that counts as an answer at once: only a store in this process's memory
	 * answers within it; the fastest JDBC allocation (H2 in memory) takes over ten times as long, a
	 * network round trip more.
	 */
	static final long AT_ONCE_NANOS = 2_000;

	/**
	 * How many times a caller that found no id in memory checks again, without parking, for a range
	 * from a store that answers at once: its attempt ends within microseconds of its thread running,
	 * and parking would cost more than that.
	 */
	private static final int SPINS = 1 << 10;

	/** {@link #loading} when no attempt is in flight; {@link #startedNow()} never returns it. */
	private static final long IDLE = Long.MIN_VALUE;

	// the service's category, which operators already know
	private static final Logger logger = LoggerFactory.getLogger(SegmentIdService.class);

	private final String tag;

	private final SegmentStore store;

	private final SegmentSettings settings;

	private final Executor loader;

	private final ScheduledExecutorService retries;

	private final LongSupplier nanoClock;

	private final Supplier<ServedRange> current;

	/** Moves the service from a used-up range to its next one (a compare-and-set). */
	private final Consumer<ServedRange> moveOn;

	private final DynamicStep step;

	/** Whether the registry dropped the service: it takes no range any more. */
	private final BooleanSupplier forgotten;

	/**
	 * When the attempt in flight began, or {@link #IDLE}: one attempt at a time, and how long it has run
	 * for {@link #overdue}, in one field so that neither is read without the other.
	 */
	private final AtomicLong loading = new AtomicLong(IDLE);

	private final AtomicBoolean callersWaited = new AtomicBoolean();

	/** Callers that wait for the attempt in flight to end. */
	private final AttemptWaits waits;

	private volatile @Nullable AllocationFailure failure;

	/** The checks every new range must pass, and the composition of the tag's ranges. */
	private final TakenRanges taken;

	/**
	 * Whether the store answered the last attempt with a range within {@link #AT_ONCE_NANOS}; false
	 * before the first and after a failed one.
	 */
	private volatile boolean answersAtOnce;

	private final AllocationCounts counts = new AllocationCounts();

	/**
	 * When, on the nano clock, the attempts began to fail without a range between them; meaningful
	 * only while {@link #failure} is set.
	 */
	private volatile long failingSinceNanos;

	RangeLoader(String tag, SegmentStore store, SegmentSettings settings, Executor loader,
			ScheduledExecutorService retries, SegmentWaitClock clock, Supplier<ServedRange> current,
			Consumer<ServedRange> moveOn, BooleanSupplier forgotten) {
		this.forgotten = forgotten;
		this.tag = tag;
		this.taken = new TakenRanges(tag);
		this.store = store;
		this.settings = settings;
		this.loader = loader;
		this.retries = retries;
		this.nanoClock = clock::nanoTime;
		this.waits = new AttemptWaits(clock);
		this.current = current;
		this.moveOn = moveOn;
		this.step = new DynamicStep(settings.maxStep(), settings.stepDuration().toNanos());
	}

	/**
	 * Starts an attempt unless one is in flight or the last one failed less than the retry interval ago.
	 * A failure the store did not answer is tried again on the retry thread ({@link #retryLater}), so
	 * callers that still take ids from memory during an outage read no clock for it.
	 */
	void start() {
		AllocationFailure failure = this.failure;
		if (failure == null) {
			launch();
		}
		else if (failure.answered() && failure.mayRetry(this.nanoClock.getAsLong(), retryIntervalNanos())) {
			launch();
		}
	}

	/** Says that callers found no id in memory, which doubles the next step. */
	void callersWaited() {
		this.callersWaited.set(true);
	}

	/** How the last attempt failed, or null if it got a range (or none ended yet). */
	@Nullable AllocationFailure failure() {
		return this.failure;
	}

	/**
	 * Waits until an attempt ends, unless one did since the caller saw {@code failure} or the range
	 * it saw used up got its next.
	 */
	void awaitAttempt(ServedRange seen, @Nullable AllocationFailure failure, long nanos) {
		if (answersAtOnce()) {
			for (int i = 0; i < SPINS && this.loading.get() != IDLE && stillWaiting(seen, failure); i++) {
				Thread.onSpinWait();
			}
		}
		try {
			this.waits.await(() -> stillWaiting(seen, failure), nanos);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new SegmentIdsUnavailableException("Interrupted while waiting for a range of segment tag '" + this.tag
					+ "'", Duration.ofSeconds(1), ex);
		}
	}

	/**
	 * Whether an attempt has been in flight for longer than callers wait for a range: whatever the
	 * store's call is doing, a caller that runs dry now gets no id within its wait.
	 */
	boolean overdue(long nowNanos) {
		long since = this.loading.get();
		return since != IDLE && nowNanos - since > this.settings.maxWait().toNanos();
	}

	private boolean stillWaiting(ServedRange seen, @Nullable AllocationFailure failure) {
		return this.current.get() == seen && seen.next == null && this.failure == failure;
	}

	/** The composition of the tag's ranges, or null before the first. */
	@Nullable SegmentComposition composition() {
		return this.taken.composition();
	}

	/** Whether a range was ever taken. */
	boolean hasTakenARange() {
		// the first range is never refused: there is nothing below it
		return this.counts.allocations() > 0;
	}

	AllocationCounts counts() {
		return this.counts;
	}

	/** When the failures of the current streak began, on the nano clock; only while {@link #failure()} is set. */
	long failingSinceNanos() {
		return this.failingSinceNanos;
	}

	/** The step of the last allocation, 0 before the first. */
	int step() {
		return this.step.current();
	}

	private void launch() {
		if (this.loading.get() == IDLE && this.loading.compareAndSet(IDLE, startedNow())) {
			try {
				this.loader.execute(this::load);
			}
			catch (Throwable ex) {
				// rejected once closed; an OutOfMemoryError when no thread can start: the tag must
				// neither stay "in flight" for ever nor throw from a call that may have ids in memory
				ended(AllocationFailure.unanswered(ex, "Could not start an allocation of segment tag '" + this.tag
						+ "': " + ex, this.nanoClock.getAsLong()));
			}
		}
	}

	/**
	 * The attempts of a loader thread: one, and as long as callers used the range up and ran dry while
	 * it was under way, at once the next one, after moving the callers on to the range it brought
	 * themselves (they need not wake first): a tag whose callers outrun the store gets ranges back to
	 * back, not one per wake-up of this thread.
	 */
	private void load() {
		for (;;) {
			// the range that gets the new one as its next: current cannot move on before that, since
			// moving on needs a next range and only this attempt (one at a time) sets it
			ServedRange extended = this.current.get();
			AllocationFailure failure = attempt(extended);
			if (failure != null || !outrun(extended)) {
				ended(failure);
				return;
			}
			this.loading.set(startedNow());
			rangeArrived();
		}
	}

	/**
	 * Takes a range and hangs it on the range being served, unless that has its next one already.
	 * @return how the attempt failed, or null
	 */
	private @Nullable AllocationFailure attempt(ServedRange current) {
		if (current.next != null) {
			// started by a caller that saw an older range; the next one is already there
			return null;
		}
		if (this.forgotten.getAsBoolean()) {
			return failed(AllocationFailure.forgotten(this.tag, this.settings.retryInterval(), this.nanoClock.getAsLong()));
		}
		try {
			long asked = this.nanoClock.getAsLong();
			int requested = this.step.next(asked, this.callersWaited.get() && this.callersWaited.getAndSet(false));
			SegmentRange range = this.store.allocate(this.tag, requested);
			long answered = this.nanoClock.getAsLong();
			this.counts.allocated(answered - asked, range.size());
			if (this.forgotten.getAsBoolean()) {
				// taken after the drop, maybe above the tag's next service's first range: a caller with ids
				// of both would go back. A gap; a range answered before the drop is below the next service's
				return failed(AllocationFailure.forgotten(this.tag, this.settings.retryInterval(), answered));
			}
			this.taken.take(range, this.store.describe());
			this.step.allocated(requested, range, answered);
			answeredIn(answered - asked);
			current.next = new ServedRange(range, this.settings.preloadShare());
			if (this.failure != null) {
				logger.info("Segment tag '{}' got range {}..{} from {} again", this.tag, range.firstId(), range.lastId(),
						this.store.describe());
			}
			return null;
		}
		catch (SegmentTagRefusedException ex) {
			// logged once: the tag takes no range after this one, and its callers get the exception itself
			logger.error("{} (refused until this instance restarts)", ex.getMessage());
			return failed(AllocationFailure.answer(ex, this.nanoClock.getAsLong()));
		}
		catch (SegmentStoreException ex) {
			this.counts.storeError();
			log(ex.getMessage(), null);
			return failed(AllocationFailure.unanswered(ex, ex.getMessage(), this.nanoClock.getAsLong()));
		}
		catch (RuntimeException ex) {
			return failed(AllocationFailure.answer(ex, this.nanoClock.getAsLong()));
		}
		catch (Throwable ex) {
			// an Error, or a checked exception the store did not declare (Kotlin, a sneaky throw): a failed
			// attempt like a store error, not the end of the loader thread, nor a tag in flight for ever
			this.counts.storeError();
			String message = "Allocation of segment tag '" + this.tag + "' from " + this.store.describe() + " failed: " + ex;
			log(message, ex);
			return failed(AllocationFailure.unanswered(ex, message, this.nanoClock.getAsLong()));
		}
	}

	private AllocationFailure failed(AllocationFailure failure) {
		answeredIn(Long.MAX_VALUE);
		return failure;
	}

	/**
	 * Whether callers used up the range that just got its next one and found no id in memory while the
	 * attempt was under way, or still wait: then the range after it is wanted at once. Moves them on
	 * to the new range, unless one of them did. Not after a tag's first range, which nobody used up.
	 */
	private boolean outrun(ServedRange extended) {
		boolean ranDry = this.callersWaited.get() || this.waits.any();
		if (!ranDry || extended.size == 0 || extended.taken < extended.size || closed()) {
			return false;
		}
		this.moveOn.accept(extended);
		return true;
	}

	/** Records that an attempt of a loader thread's run got a range, and wakes the callers waiting for it. */
	private void rangeArrived() {
		if (this.failure != null) {
			this.failure = null;
		}
		this.waits.wake();
	}

	/** Whether the store answered the last attempt with a range within {@link #AT_ONCE_NANOS}. */
	boolean answersAtOnce() {
		return this.answersAtOnce;
	}

	private void answeredIn(long nanos) {
		boolean atOnce = nanos < AT_ONCE_NANOS;
		if (atOnce != this.answersAtOnce) {
			this.answersAtOnce = atOnce;
		}
	}

	/** Whether the registry was closed: it stops both executors at once. */
	private boolean closed() {
		return this.retries.isShutdown();
	}

	/**
	 * Ends an attempt: records how it ended (null: it got a range), lets the next one start, and
	 * wakes the callers waiting for it.
	 */
	private void ended(@Nullable AllocationFailure failure) {
		// before the next attempt may start, so that it knows how this one ended
		if (this.failure != failure) {
			if (this.failure == null && failure != null) {
				this.failingSinceNanos = failure.atNanos();
			}
			this.failure = failure;
		}
		// a release is enough: whoever starts the next attempt sees what this one did
		this.loading.lazySet(IDLE);
		this.waits.wake();
		if (failure != null && !failure.answered()) {
			retryLater(failure);
		}
	}

	/** Tries again after the retry interval, unless a caller did. */
	private void retryLater(AllocationFailure failure) {
		try {
			this.retries.schedule(() -> {
				if (this.failure == failure) {
					launch();
				}
			}, retryIntervalNanos(), TimeUnit.NANOSECONDS);
		}
		catch (RejectedExecutionException ex) {
			// closed: no more allocations
		}
	}

	/** Logs the first failure of a run loudly, the ones that follow it quietly. */
	private void log(String message, @Nullable Throwable error) {
		if (this.failure != null) {
			logger.debug(message, error);
		}
		else if (error != null) {
			logger.error(message, error);
		}
		else {
			logger.warn(message);
		}
	}

	/** The clock's reading, never {@link #IDLE}. */
	private long startedNow() {
		long now = this.nanoClock.getAsLong();
		return (now != IDLE) ? now : now + 1;
	}

	private long retryIntervalNanos() {
		return this.settings.retryInterval().toNanos();
	}

}
