package io.github.idgen.server.api;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.github.idgen.segment.SegmentIdsUnavailableException;

/**
 * Bounds the calls of the range endpoint at the segment store, per tag: at most {@code callsPerTag} of
 * a tag's at once, up to {@code waitingPerTag} more waiting in memory for their turn for the segment
 * wait timeout, and any further one answered 503 with {@code Retry-After} at once. A tag whose row is
 * locked elsewhere (an operator's open transaction, a stalled instance) holds that many pooled
 * connections and worker threads at most, however many callers ask, and the other tags find the rest:
 * one tag's allocations queue on its row lock anyway, so more of them at the database only take
 * connections. The ids endpoints need no bound here: a tag's segment service asks the store once at a
 * time by itself.
 */
final class StoreCallsPerTag {

	/** What a caller told to come back waits: a tag's store calls end within the allocation timeout. */
	private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

	private final int callsPerTag;

	private final int waitingPerTag;

	private final long maxWaitNanos;

	/** The tags with calls in flight or waiting; a tag leaves once its last call is done. */
	private final ConcurrentHashMap<String, TagCalls> tags = new ConcurrentHashMap<>();

	/**
	 * Creates the bound.
	 * @param callsPerTag how many calls of one tag may be at the store at once, at least 1
	 * @param waitingPerTag how many more may wait for their turn, at least 0
	 * @param maxWait how long one waits at most
	 */
	StoreCallsPerTag(int callsPerTag, int waitingPerTag, Duration maxWait) {
		this.callsPerTag = callsPerTag;
		this.waitingPerTag = waitingPerTag;
		this.maxWaitNanos = maxWait.toNanos();
	}

	/**
	 * Makes a call of a tag at the store, in its turn.
	 * @param tag the tag
	 * @param storeCall the call
	 * @return what it returned
	 * @throws SegmentIdsUnavailableException (503) if the tag has as many calls waiting as allowed, or
	 * this one's turn did not come within the wait
	 */
	<T> T call(String tag, Supplier<T> storeCall) {
		TagCalls calls = enter(tag);
		try {
			if (!calls.turns.tryAcquire(this.maxWaitNanos, TimeUnit.NANOSECONDS)) {
				throw busy(tag, "none of its " + this.callsPerTag + " calls at the store ended within "
						+ Duration.ofNanos(this.maxWaitNanos));
			}
			try {
				return storeCall.get();
			}
			finally {
				calls.turns.release();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw busy(tag, "interrupted while waiting for its turn");
		}
		finally {
			leave(tag);
		}
	}

	private TagCalls enter(String tag) {
		boolean[] full = new boolean[1];
		TagCalls calls = this.tags.compute(tag, (key, existing) -> {
			TagCalls entered = (existing != null) ? existing : new TagCalls(this.callsPerTag);
			if (entered.users >= this.callsPerTag + this.waitingPerTag) {
				full[0] = true;
			}
			else {
				entered.users++;
			}
			return entered;
		});
		if (full[0]) {
			throw busy(tag, this.callsPerTag + " calls are at the store and " + this.waitingPerTag + " wait for their turn");
		}
		return calls;
	}

	private void leave(String tag) {
		this.tags.computeIfPresent(tag, (key, calls) -> (--calls.users == 0) ? null : calls);
	}

	private static SegmentIdsUnavailableException busy(String tag, String why) {
		return new SegmentIdsUnavailableException("No range of segment tag '" + tag + "' for now: " + why
				+ " (its row may be locked elsewhere)", RETRY_AFTER, null);
	}

	/**
	 * Returns how many tags have calls in flight or waiting.
	 * @return the number of tags
	 */
	int busyTags() {
		return this.tags.size();
	}

	/**
	 * Returns how many calls of a tag are at the store or waiting.
	 * @param tag the tag
	 * @return the number of calls
	 */
	int users(String tag) {
		int[] users = new int[1];
		this.tags.computeIfPresent(tag, (key, calls) -> {
			users[0] = calls.users;
			return calls;
		});
		return users[0];
	}

	/** One tag's turns at the store, and how many calls hold or wait for one. */
	private static final class TagCalls {

		/** Fair: calls get their turns in the order they came. */
		final Semaphore turns;

		/** Changed only inside the map's compute for the tag, which serializes it. */
		int users;

		TagCalls(int callsPerTag) {
			this.turns = new Semaphore(callsPerTag, true);
		}

	}

}
