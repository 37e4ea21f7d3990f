package io.github.idgen.segment;

import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
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
