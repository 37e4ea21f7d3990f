package io.github.idgen.segment;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes the ranges of one tag from the store, one attempt at a time on a loader thread, and hangs
 * each new range on the range being served as its {@code next}. Remembers how the last attempt
 * ended: an attempt that got no answer from the store (it was unreachable or failed, threw an
 * {@link Error}, or no loader thread could start) is tried again after the retry interval by itself,
 * callers or not, until the store answers; so a tag recovers, and shows it, without traffic.
 */
final class RangeLoader {

	// the service's category, which operators already know
	private static final Logger logger = LoggerFactory.getLogger(SegmentIdService.class);

	private final String tag;

	private final SegmentStore store;

	private final SegmentSettings settings;

	private final Executor loader;

	private final ScheduledExecutorService retries;

	private final LongSupplier nanoClock;

	private final Supplier<ServedRange> current;

	private final DynamicStep step;

	private final AtomicBoolean loading = new AtomicBoolean();

	private final AtomicBoolean callersWaited = new AtomicBoolean();

	/** Notified whenever an attempt ends. */
	private final Object attemptEnded = new Object();

	private volatile @Nullable AllocationFailure failure;

	/** Largest id of every range taken so far; written by the one attempt in flight only. */
	private volatile long highestTaken;

	private final LongAdder allocations = new LongAdder();

	private final LongAdder storeErrors = new LongAdder();

	RangeLoader(String tag, SegmentStore store, SegmentSettings settings, Executor loader,
			ScheduledExecutorService retries, LongSupplier nanoClock, Supplier<ServedRange> current) {
		this.tag = tag;
		this.store = store;
		this.settings = settings;
		this.loader = loader;
		this.retries = retries;
		this.nanoClock = nanoClock;
		this.current = current;
		this.step = new DynamicStep(settings.maxStep(), settings.stepDuration().toNanos());
	}

	/** Starts an attempt unless one is in flight or the last one failed less than the retry interval ago. */
	void start() {
		AllocationFailure failure = this.failure;
		if (failure == null || failure.mayRetry(this.nanoClock.getAsLong(), retryIntervalNanos())) {
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
		synchronized (this.attemptEnded) {
			if (this.current.get() == seen && seen.next == null && this.failure == failure) {
				try {
					TimeUnit.NANOSECONDS.timedWait(this.attemptEnded, nanos);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new SegmentIdsUnavailableException("Interrupted while waiting for a range of segment tag '"
							+ this.tag + "'", Duration.ofSeconds(1), ex);
				}
			}
		}
	}

	/** Whether a range was ever taken. */
	boolean hasTakenARange() {
		return this.highestTaken > 0;
	}

	long allocations() {
		return this.allocations.sum();
	}

	long storeErrors() {
		return this.storeErrors.sum();
	}

	/** The step of the last allocation, 0 before the first. */
	int step() {
		return this.step.current();
	}

	private void launch() {
		if (!this.loading.get() && this.loading.compareAndSet(false, true)) {
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

	private void load() {
		// the range that gets the new one as its next: current cannot move on before that, since
		// moving on needs a next range and only this attempt (one at a time) sets it
		ServedRange current = this.current.get();
		if (current.next != null) {
			// started by a caller that saw an older range; the next one is already there
			this.loading.set(false);
			return;
		}
		AllocationFailure failure = null;
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
			failure = AllocationFailure.answer(ex, this.nanoClock.getAsLong());
		}
		catch (SegmentStoreException ex) {
			this.storeErrors.increment();
			log(ex.getMessage(), null);
			failure = AllocationFailure.unanswered(ex, ex.getMessage(), this.nanoClock.getAsLong());
		}
		catch (RuntimeException ex) {
			failure = AllocationFailure.answer(ex, this.nanoClock.getAsLong());
		}
		catch (Error ex) {
			// a failed attempt like a store error, not the end of the loader thread and of the retry interval
			this.storeErrors.increment();
			String message = "Allocation of segment tag '" + this.tag + "' from " + this.store.describe() + " failed: " + ex;
			log(message, ex);
			failure = AllocationFailure.unanswered(ex, message, this.nanoClock.getAsLong());
		}
		ended(failure);
	}

	/**
	 * Ends an attempt: records how it ended (null: it got a range), lets the next one start, and
	 * wakes the callers waiting for it.
	 */
	private void ended(@Nullable AllocationFailure failure) {
		// before the next attempt may start, so that it knows how this one ended
		this.failure = failure;
		this.loading.set(false);
		synchronized (this.attemptEnded) {
			this.attemptEnded.notifyAll();
		}
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

	private long retryIntervalNanos() {
		return this.settings.retryInterval().toNanos();
	}

}
