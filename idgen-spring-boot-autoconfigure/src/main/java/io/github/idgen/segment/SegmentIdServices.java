package io.github.idgen.segment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import io.github.idgen.snowflake.IdService;
import org.jspecify.annotations.Nullable;

/**
 * The segment id services of every tag, created on first use, all on one {@link SegmentStore}.
 * Background allocations run on daemon threads that {@link #close()} stops.
 */
public final class SegmentIdServices implements AutoCloseable {

	/** Most tags kept waiting for their first range while the store is slow or unreachable. */
	private static final int MAX_PENDING = 1000;

	private final SegmentStore store;

	private final SegmentSettings settings;

	private final LongSupplier nanoClock;

	private final ExecutorService loader;

	private final Map<String, SegmentIdService> services = new ConcurrentHashMap<>();

	private volatile @Nullable SegmentIdService lastAsked;

	/**
	 * Services whose first allocation outlived the caller's wait; guarded by {@link #creation}. Kept
	 * so that the range it may still bring is used, not skipped by a second allocation.
	 */
	private final Map<String, SegmentIdService> pending = new HashMap<>();

	private final Object creation = new Object();

	private final List<Consumer<SegmentIdService>> newTagListeners = new CopyOnWriteArrayList<>();

	/**
	 * Creates the registry.
	 * @param store where the tags' ranges come from
	 * @param settings how the services behave
	 */
	public SegmentIdServices(SegmentStore store, SegmentSettings settings) {
		this(store, settings, System::nanoTime);
	}

	SegmentIdServices(SegmentStore store, SegmentSettings settings, LongSupplier nanoClock) {
		this.store = store;
		this.settings = settings;
		this.nanoClock = nanoClock;
		this.loader = Executors.newCachedThreadPool(new LoaderThreads());
	}

	/**
	 * Returns the id service of a tag; the first call for a tag waits for its first range.
	 * @param tag the business tag, a row of the store
	 * @return the tag's service; the same one on every call
	 * @throws UnknownSegmentTagException if the store has no such tag
	 * @throws SegmentTagExhaustedException if the tag has no id left below its limit
	 * @throws SegmentIdsUnavailableException if the store gave no range within the wait
	 */
	public IdService forTag(String tag) {
		return service(tag);
	}

	/**
	 * Returns the id service of a tag, with its statistics.
	 * @param tag the business tag
	 * @return the tag's service
	 * @see #forTag(String)
	 */
	public SegmentIdService service(String tag) {
		// forTag(tag).nextId() is called once per id, mostly with one literal tag: the service of the
		// last tag asked for by the same String instance comes back on one volatile read, others on one
		// map lookup
		SegmentIdService last = this.lastAsked;
		if (last != null && last.getTag() == tag) {
			return last;
		}
		SegmentIdService service = this.services.get(tag);
		if (service != null) {
			this.lastAsked = service;
			return service;
		}
		if (tag.isBlank()) {
			throw new IllegalArgumentException("tag must not be blank");
		}
		synchronized (this.creation) {
			service = this.services.get(tag);
			if (service == null) {
				service = this.pending.remove(tag);
				if (service == null) {
					service = new SegmentIdService(tag, this.store, this.settings, this.loader, this.nanoClock);
				}
				try {
					// an unknown tag is not kept: asking for made-up tags must not fill memory
					service.awaitFirstRange();
				}
				catch (SegmentIdsUnavailableException ex) {
					if (this.pending.size() < MAX_PENDING) {
						this.pending.put(tag, service);
					}
					throw ex;
				}
				this.services.put(tag, service);
				for (Consumer<SegmentIdService> listener : this.newTagListeners) {
					listener.accept(service);
				}
			}
			return service;
		}
	}

	/**
	 * Calls a listener with the service of every tag used so far and of every tag used from now on,
	 * such as to register meters per tag.
	 * @param listener called once per tag, under the lock that creates services: keep it short
	 */
	public void onNewTag(Consumer<SegmentIdService> listener) {
		synchronized (this.creation) {
			this.newTagListeners.add(listener);
			this.services.values().forEach(listener);
		}
	}

	/**
	 * Returns the statistics of every tag used so far, by tag.
	 * @return the statistics, sorted by tag
	 */
	public List<SegmentStatistics> statistics() {
		List<SegmentStatistics> statistics = new ArrayList<>();
		this.services.values().forEach((service) -> statistics.add(service.statistics()));
		statistics.sort(Comparator.comparing(SegmentStatistics::tag));
		return statistics;
	}

	/**
	 * Returns where the tags are kept.
	 * @return for example {@code "table idgen_segment"}
	 */
	public String describeStore() {
		return this.store.describe();
	}

	/** Stops background allocations; ids left in memory can still be taken. */
	@Override
	public void close() {
		this.loader.shutdownNow();
	}

	private static final class LoaderThreads implements ThreadFactory {

		private final AtomicInteger count = new AtomicInteger();

		@Override
		public Thread newThread(Runnable task) {
			Thread thread = new Thread(task, "idgen-segment-loader-" + this.count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		}

	}

}
