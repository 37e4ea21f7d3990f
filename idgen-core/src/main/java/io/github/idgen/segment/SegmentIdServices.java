package io.github.idgen.segment;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

import org.jspecify.annotations.Nullable;

/**
 * The segment id services of every tag, created on first use, all on one {@link SegmentStore}.
 * Background allocations run on daemon threads that {@link #close()} stops.
 * <p>
 * The first call for a tag waits for the tag's first range, and for nothing else: first calls for
 * other tags go on meanwhile, and concurrent first calls for one tag share one service and one
 * allocation. A tag whose first range has not come yet is kept (at most {@value #MAX_PENDING} such
 * tags), so that the range it may still bring is used, not skipped by a second allocation, and it
 * shows in {@link #statistics()}; a tag the store answers it does not know is not kept, so that
 * asking for made-up tags does not fill memory.
 */
public final class SegmentIdServices implements AutoCloseable {

	/** Most tags kept while they wait for their first range. */
	static final int MAX_PENDING = 1000;

	private final SegmentStore store;

	private final SegmentSettings settings;

	private final SegmentWaitClock clock;

	private final ExecutorService loader;

	private final ScheduledExecutorService retries;

	/** Tags that got their first range: the services {@link #service} hands out. */
	private final Map<String, SegmentIdService> services;

	private volatile @Nullable SegmentIdService lastAsked;

	/** Tags asked for that have no first range yet; guarded by {@link #lock}. */
	private final Map<String, SegmentIdService> pending = new HashMap<>();

	/**
	 * Guards the moves between {@link #pending} and {@link #services} and the listeners; never held
	 * while waiting for a range. A lock, not a monitor: a virtual thread blocked on a monitor pins its
	 * carrier (JDK 21), and a listener may run long.
	 */
	private final ReentrantLock lock = new ReentrantLock();

	/** Guarded by {@link #lock}. */
	private final List<Consumer<SegmentIdService>> newTagListeners = new ArrayList<>();

	/** Guarded by {@link #lock}. */
	private final List<Consumer<String>> forgottenTagListeners = new ArrayList<>();

	/**
	 * Creates the registry.
	 * @param store where the tags' ranges come from
	 * @param settings how the services behave
	 */
	public SegmentIdServices(SegmentStore store, SegmentSettings settings) {
		this(store, settings, System::nanoTime);
	}

	SegmentIdServices(SegmentStore store, SegmentSettings settings, LongSupplier nanoClock) {
		this(store, settings, nanoClock, new ConcurrentHashMap<>());
	}

	/** With the map of the tags that got their first range, for tests that order its reads. */
	SegmentIdServices(SegmentStore store, SegmentSettings settings, LongSupplier nanoClock,
			ConcurrentHashMap<String, SegmentIdService> services) {
		this(store, settings, SegmentWaitClock.of(nanoClock), loaderThreads(), retryThread(), services);
	}

	/** With the executors the tags' allocations run on and the clock their waits are timed on, for model checks. */
	SegmentIdServices(SegmentStore store, SegmentSettings settings, SegmentWaitClock clock, ExecutorService loader,
			ScheduledExecutorService retries, ConcurrentHashMap<String, SegmentIdService> services) {
		this.services = services;
		this.store = store;
		this.settings = settings;
		this.clock = clock;
		this.loader = loader;
		this.retries = retries;
	}

	private static ExecutorService loaderThreads() {
		// a cached thread pool whose rejection (only once closed) says so
		return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
				new DaemonThreads("idgen-segment-loader-"), (task, executor) -> {
					throw new RejectedExecutionException("the segment id services are closed");
				});
	}

	private static ScheduledExecutorService retryThread() {
		ScheduledThreadPoolExecutor retries = new ScheduledThreadPoolExecutor(1, new DaemonThreads("idgen-segment-retry-"));
		retries.setRemoveOnCancelPolicy(true);
		// started now, so that scheduling a retry never needs a new thread (there may be none to get)
		retries.prestartCoreThread();
		return retries;
	}

	/**
	 * Returns the id service of a tag; the first call for a tag waits for its first range.
	 * @param tag the business tag, a row of the store
	 * @return the tag's service, the same one on every call: a {@link io.github.idgen.shard.ShardedIdService}
	 * whose ids carry the composition of the tag's record
	 * @throws UnknownSegmentTagException if the store has no such tag
	 * @throws SegmentTagExhaustedException if the tag has no id left below its limit
	 * @throws SegmentIdsUnavailableException if the store gave no range within the wait
	 */
	public SegmentIdService forTag(String tag) {
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
		if (last != null && last.getTag() == tag && !last.isForgotten()) {
			return last;
		}
		SegmentIdService service = this.services.get(tag);
		if (service == null) {
			if (tag.isBlank()) {
				throw new IllegalArgumentException("tag must not be blank");
			}
			service = firstUse(tag);
		}
		this.lastAsked = service;
		return service;
	}

	/**
	 * Calls a listener with the service of every tag used so far and of every tag used from now on,
	 * such as to register meters per tag.
	 * @param listener called once per tag, when it got its first range: keep it short, it holds up
	 * the first use of other tags meanwhile
	 */
	public void onNewTag(Consumer<SegmentIdService> listener) {
		this.lock.lock();
		try {
			this.newTagListeners.add(listener);
			this.services.values().forEach(listener);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Calls a listener with every tag {@link #forget(String) forgotten} from now on, such as to remove
	 * its meters.
	 * @param listener called once per forgotten tag that had its first range; keep it short
	 */
	public void onForgottenTag(Consumer<String> listener) {
		this.lock.lock();
		try {
			this.forgottenTagListeners.add(listener);
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Returns the statistics of every tag used so far, and of every tag asked for that waits for its
	 * first range (its range fields are 0); a tag the store said it does not know is not listed.
	 * @return the statistics, sorted by tag
	 */
	public List<SegmentStatistics> statistics() {
		List<SegmentIdService> tags;
		this.lock.lock();
		try {
			tags = new ArrayList<>(this.services.values());
			this.pending.values().stream().filter((service) -> !service.isRejectedBeforeFirstRange()).forEach(tags::add);
		}
		finally {
			this.lock.unlock();
		}
		List<SegmentStatistics> statistics = new ArrayList<>();
		tags.forEach((service) -> statistics.add(service.statistics()));
		statistics.sort(Comparator.comparing(SegmentStatistics::tag));
		return statistics;
	}

	/**
	 * Drops the service of a tag that is no longer used, such as the row of a business number's past
	 * period, so that it leaves {@link #statistics()} (and with them health and endpoints). Ids left in
	 * its memory are never issued by this registry: a gap, never a duplicate. A later call for the tag
	 * starts a new service, on new ranges of the store, above every id the dropped one took. A tag
	 * refused for good ({@link SegmentTagRefusedException}) is kept: a new service would lift its refusal.
	 * @param tag the tag
	 */
	public void forget(String tag) {
		this.lock.lock();
		try {
			SegmentIdService used = this.services.get(tag);
			if (used != null && used.isRefusedForGood()) {
				return;
			}
			SegmentIdService forgotten = this.services.remove(tag);
			SegmentIdService pending = this.pending.remove(tag);
			// marked, not only dropped: a lookup that read it before may still write it to lastAsked,
			// and its ids are below those of the tag's next service
			if (pending != null) {
				pending.forgotten();
			}
			if (forgotten != null) {
				forgotten.forgotten();
				this.forgottenTagListeners.forEach((listener) -> listener.accept(tag));
			}
		}
		finally {
			this.lock.unlock();
		}
		SegmentIdService last = this.lastAsked;
		if (last != null && last.getTag().equals(tag)) {
			this.lastAsked = null;
		}
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
		this.retries.shutdownNow();
		this.loader.shutdownNow();
	}

	/**
	 * The first use of a tag by this caller: waits for the tag's first range, sharing the service and
	 * its allocation with concurrent callers of the same tag, and holding no lock meanwhile.
	 */
	private SegmentIdService firstUse(String tag) {
		SegmentIdService service = kept(tag);
		try {
			service.awaitFirstRange();
		}
		catch (RuntimeException ex) {
			if (service.isForgotten()) {
				// forgotten while it waited, and its range refused for that: the tag starts again
				return service(tag);
			}
			// the store's answer (unknown, exhausted, bad) is not kept; a tag still waiting is
			forgetIfRefused(tag, service);
			throw ex;
		}
		SegmentIdService used = use(tag, service);
		// forgotten while it waited: the tag starts again, on a new service
		return (used != null) ? used : service(tag);
	}

	/** The service of a tag, kept as pending if it is new. */
	private SegmentIdService kept(String tag) {
		this.lock.lock();
		try {
			SegmentIdService service = this.services.get(tag);
			if (service == null) {
				service = this.pending.get(tag);
			}
			if (service == null) {
				if (this.pending.size() >= MAX_PENDING) {
					tidyPending();
				}
				if (this.pending.size() >= MAX_PENDING) {
					throw new SegmentIdsUnavailableException("Not asking " + this.store.describe() + " for segment tag '"
							+ tag + "': " + MAX_PENDING + " other tags wait for their first range from it",
							this.settings.retryInterval().plusSeconds(1), null);
				}
				service = new SegmentIdService(tag, this.store, this.settings, this.loader, this.retries, this.clock);
				this.pending.put(tag, service);
			}
			return service;
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Hands the service out from now on, telling the listeners once.
	 * @return the tag's service, or null if this one was forgotten meanwhile
	 */
	private @Nullable SegmentIdService use(String tag, SegmentIdService service) {
		this.lock.lock();
		try {
			if (service.isForgotten()) {
				return null;
			}
			SegmentIdService used = this.services.putIfAbsent(tag, service);
			if (used != null) {
				return used;
			}
			this.pending.remove(tag, service);
			this.newTagListeners.forEach((listener) -> listener.accept(service));
			return service;
		}
		finally {
			this.lock.unlock();
		}
	}

	private void forgetIfRefused(String tag, SegmentIdService service) {
		this.lock.lock();
		try {
			if (service.isRejectedBeforeFirstRange()) {
				this.pending.remove(tag, service);
			}
		}
		finally {
			this.lock.unlock();
		}
	}

	/**
	 * Makes room among the pending tags: drops those the store refused (asked for, but unknown to it),
	 * and hands out those whose first range came by itself. Called under {@link #lock}.
	 */
	private void tidyPending() {
		for (SegmentIdService service : List.copyOf(this.pending.values())) {
			if (service.isRejectedBeforeFirstRange()) {
				this.pending.remove(service.getTag(), service);
			}
			else if (service.hasRange()) {
				use(service.getTag(), service);
			}
		}
	}

	private static final class DaemonThreads implements ThreadFactory {

		private final String prefix;

		private final AtomicInteger count = new AtomicInteger();

		DaemonThreads(String prefix) {
			this.prefix = prefix;
		}

		@Override
		public Thread newThread(Runnable task) {
			Thread thread = new Thread(task, this.prefix + this.count.incrementAndGet());
			thread.setDaemon(true);
			return thread;
		}

	}

}
