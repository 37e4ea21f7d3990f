package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.github.idgen.snowflake.IdService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link SegmentIdServices#forget(String)} against lookups of the same tag under way, in an order the
 * test sets: a lookup held between reading the tag's service and handing it out.
 */
class ForgottenTagTests {

	static final SegmentSettings SETTINGS = SegmentSettings.DEFAULTS.withMaxWait(Duration.ofSeconds(2));

	final ExecutorService threads = Executors.newCachedThreadPool();

	@AfterEach
	void stopThreads() {
		this.threads.shutdownNow();
	}

	@Test
	void idsOfATagOnOneThreadNeverGoBackAfterAForgetThatRacedALookup() throws Exception {
		String tag = "orders";
		HeldLookups lookups = new HeldLookups();
		try (SegmentIdServices services = new SegmentIdServices(new MemoryStore(() -> 10), SETTINGS, System::nanoTime,
				lookups)) {
			long before = services.forTag(tag).nextId();
			// another instance of the tag's name misses the last-asked service and reads the map
			Future<IdService> late = this.threads.submit(() -> {
				lookups.holdNextReadOfThisThread();
				return services.forTag(new String(tag));
			});
			assertThat(lookups.read.await(10, TimeUnit.SECONDS)).isTrue();
			services.forget(tag);
			long after = services.forTag(tag).nextId();
			assertThat(after).isGreaterThan(before);
			lookups.release.countDown();
			late.get(10, TimeUnit.SECONDS);
			assertThat(services.forTag(tag).nextId()).isGreaterThan(after);
		}
	}

	/**
	 * Found by {@link SegmentIdServicesLincheckTests}: a call that ran dry on the service of a tag
	 * while the tag was forgotten got its ids from a range the dropped service's allocation took after
	 * the forget, above the first range of the tag's next service; the caller's next call got an id of
	 * that service, below the ids it had.
	 */
	@Test
	void callerWaitingForARangeOfAForgottenServiceNeverGoesBackOnItsNextCall() throws Exception {
		String tag = "orders";
		HeldSecondAllocation store = new HeldSecondAllocation(new MemoryStore(() -> 2));
		// no preload: the second allocation is the one a caller that ran dry waits for
		SegmentSettings settings = SETTINGS.withPreloadShare(0.99).withMaxWait(Duration.ofSeconds(10));
		try (SegmentIdServices services = new SegmentIdServices(store, settings)) {
			SegmentIdService dropped = services.forTag(tag);
			List<Long> ids = new ArrayList<>(List.of(dropped.nextId()));
			Future<?> caller = this.threads.submit(() -> {
				try {
					ids.addAll(dropped.nextIds(3));
				}
				catch (SegmentIdsUnavailableException ex) {
					// no id rather than one above the tag's next service's
				}
				ids.add(services.forTag(tag).nextId());
				return null;
			});
			assertThat(store.held.await(10, TimeUnit.SECONDS)).isTrue();
			services.forget(tag);
			long next = services.forTag(tag).nextId();
			store.release.countDown();
			caller.get(20, TimeUnit.SECONDS);
			assertThat(ids).isSorted().doesNotHaveDuplicates().doesNotContain(next);
		}
	}

	/** A store whose second allocation waits, before it takes its range, until it is released. */
	static final class HeldSecondAllocation implements SegmentStore {

		final CountDownLatch held = new CountDownLatch(1);

		final CountDownLatch release = new CountDownLatch(1);

		private final SegmentStore target;

		private final AtomicInteger allocations = new AtomicInteger();

		HeldSecondAllocation(SegmentStore target) {
			this.target = target;
		}

		@Override
		public SegmentRange allocate(String tag, int requestedStep) {
			if (this.allocations.incrementAndGet() == 2) {
				this.held.countDown();
				try {
					this.release.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			return this.target.allocate(tag, requestedStep);
		}

		@Override
		public SegmentRange allocateExactly(String tag, int size) {
			return this.target.allocateExactly(tag, size);
		}

		@Override
		public String describe() {
			return this.target.describe();
		}

	}

	/** The map of a registry's services, whose next read by a chosen thread waits to be released. */
	static final class HeldLookups extends ConcurrentHashMap<String, SegmentIdService> {

		final CountDownLatch read = new CountDownLatch(1);

		final CountDownLatch release = new CountDownLatch(1);

		private final AtomicReference<Thread> held = new AtomicReference<>();

		void holdNextReadOfThisThread() {
			this.held.set(Thread.currentThread());
		}

		@Override
		public SegmentIdService get(Object key) {
			SegmentIdService found = super.get(key);
			if (this.held.compareAndSet(Thread.currentThread(), null)) {
				this.read.countDown();
				try {
					this.release.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			return found;
		}

	}

}
