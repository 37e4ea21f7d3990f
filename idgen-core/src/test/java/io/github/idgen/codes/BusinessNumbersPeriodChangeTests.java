package io.github.idgen.codes;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.segment.SegmentStatistics;
import io.github.idgen.segment.SegmentStore;
import io.github.idgen.segment.UnknownSegmentTagException;
import io.github.idgen.testsupport.MovableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A caller of {@link BusinessNumbers} that took the old period's service, and waits in it for a
 * range, while another caller moves the code to the next period, which forgets the old period's tag
 * in the registry: the range the old service gets after the forget is refused (its ids might be above
 * those of the tag's next service), and the waiting caller must get a number of the new period
 * instead of that refusal. The order is set by the test: the old period's second range is held in
 * the store until the next period began.
 */
class BusinessNumbersPeriodChangeTests {

	static final Instant BEFORE_MIDNIGHT = Instant.parse("2026-11-24T23:59:59.999Z");

	static final String OLD_DAY = "orders:20261124";

	final ExecutorService threads = Executors.newCachedThreadPool();

	final MovableClock clock = new MovableClock(BEFORE_MIDNIGHT);

	final HeldStore store = new HeldStore();

	final SegmentIdServices services = new SegmentIdServices(this.store,
			SegmentSettings.DEFAULTS.withMaxWait(Duration.ofSeconds(10)));

	final BusinessNumbers numbers = new BusinessNumbers("orders", "orders", CodePattern.parse("ORD{yyyyMMdd}{seq:4}"),
			ResetPeriod.DAILY, ZoneOffset.UTC, this.services, this.store, this.clock);

	@AfterEach
	void stop() {
		this.store.release.countDown();
		this.threads.shutdownNow();
		this.services.close();
	}

	@Test
	void aCallerWaitingInTheOldPeriodWhenItsTagIsForgottenGetsANumberOfTheNewPeriod() throws Exception {
		crossesThePeriodChange((code) -> List.of(code.next()));
	}

	@Test
	void aBatchWaitingInTheOldPeriodWhenItsTagIsForgottenGetsNumbersOfTheNewPeriod() throws Exception {
		crossesThePeriodChange((code) -> code.next(2));
	}

	private void crossesThePeriodChange(Function<BusinessNumbers, List<String>> call) throws Exception {
		// the old period's first range, 1 to 3, all issued; its second range is held in the store
		assertThat(List.of(this.numbers.next(), this.numbers.next(), this.numbers.next())).containsExactly(
				"ORD202611240001", "ORD202611240002", "ORD202611240003");
		Future<List<String>> waiting = this.threads.submit(() -> call.apply(this.numbers));
		awaitWaitIn(OLD_DAY);
		this.clock.set(BEFORE_MIDNIGHT.plusMillis(1));
		String firstOfNewDay = this.numbers.next();
		assertThat(firstOfNewDay).isEqualTo("ORD202611250001");
		assertThat(this.numbers.currentTag()).isEqualTo("orders:20261125");
		// the old period's second range comes after the forget, and is refused
		this.store.release.countDown();
		List<String> issued = waiting.get(10, TimeUnit.SECONDS);
		assertThat(issued).isNotEmpty().allSatisfy((number) -> {
			assertThat(number).startsWith("ORD20261125");
			assertThat(number).isGreaterThan(firstOfNewDay);
		});
		assertThat(this.numbers.next()).isGreaterThan(issued.get(issued.size() - 1));
	}

	private void awaitWaitIn(String tag) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (waits(tag) == 0) {
			assertThat(System.nanoTime() - deadline).as("a caller waits for a range of %s", tag).isNegative();
			Thread.sleep(5);
		}
	}

	private long waits(String tag) {
		return this.services.statistics().stream().filter((tagStatistics) -> tagStatistics.tag().equals(tag))
			.mapToLong(SegmentStatistics::waits).sum();
	}

	/**
	 * Tags in memory, three ids a range; a period's tag is created like the code's tag. The old
	 * period's second allocation waits for {@link #release}.
	 */
	static final class HeldStore implements SegmentStore {

		final CountDownLatch release = new CountDownLatch(1);

		private final Map<String, Long> maxIds = new HashMap<>(Map.of("orders", 0L));

		private final Map<String, Integer> allocations = new HashMap<>();

		@Override
		public SegmentRange allocate(String tag, int requestedStep) {
			return allocateExactly(tag, 3);
		}

		@Override
		public SegmentRange allocateExactly(String tag, int size) {
			boolean held;
			synchronized (this) {
				row(tag);
				held = tag.equals(OLD_DAY) && this.allocations.merge(tag, 1, Integer::sum) == 2;
			}
			if (held) {
				try {
					this.release.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IllegalStateException(ex);
				}
			}
			synchronized (this) {
				long first = row(tag) + 1;
				this.maxIds.put(tag, first + size - 1);
				return new SegmentRange(tag, first, first + size - 1, 3, Long.MAX_VALUE);
			}
		}

		@Override
		public synchronized boolean createTagLike(String tag, String template, long maxLimitId, String description) {
			row(template);
			return this.maxIds.putIfAbsent(tag, 0L) == null;
		}

		private long row(String tag) {
			Long maxId = this.maxIds.get(tag);
			if (maxId == null) {
				throw new UnknownSegmentTagException(tag, describe());
			}
			return maxId;
		}

		@Override
		public String describe() {
			return "memory";
		}

	}

}
