package io.github.idgen.segment;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * How a tag's service meets allocations that fail in ways no database gives on demand (on H2, with
 * the failure injected): a loader thread that cannot start, an {@link Error} from the store, and
 * answers that waiting cannot change while time runs fast.
 */
class AllocationFailureTests {

	static final JdbcDataSource h2 = new JdbcDataSource();

	final ScriptedStore store = new ScriptedStore(new JdbcSegmentStore(h2, SegmentTables.TABLE));

	final ExecutorService threads = Executors.newCachedThreadPool();

	final ScheduledExecutorService retries = Executors.newSingleThreadScheduledExecutor();

	@BeforeAll
	static void createTable() {
		h2.setURL("jdbc:h2:mem:allocation-failure-tests;DB_CLOSE_DELAY=-1");
		SegmentTables.createTable(h2);
	}

	@AfterEach
	void stopThreads() {
		this.threads.shutdownNow();
		this.retries.shutdownNow();
	}

	@Test
	void loaderThatCannotStartFailsTheCallWithItsCauseShowsAndIsTriedAgain() {
		String tag = SegmentTables.uniqueTag("no-thread");
		SegmentTables.insertTag(h2, tag, 10);
		AtomicInteger refusals = new AtomicInteger(1);
		Executor loader = (task) -> {
			if (refusals.getAndDecrement() > 0) {
				throw new OutOfMemoryError("unable to create native thread: possibly out of memory or process/resource limits reached");
			}
			this.threads.execute(task);
		};
		SegmentIdService service = new SegmentIdService(tag, this.store,
				SegmentSettings.DEFAULTS.withMaxWait(Duration.ofMillis(100)).withRetryInterval(Duration.ofMillis(500)),
				loader, this.retries, System::nanoTime);
		assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId)
			.withMessageContaining("unable to create native thread")
			.withRootCauseInstanceOf(OutOfMemoryError.class);
		assertThat(service.statistics().storeReachable()).isFalse();
		assertThat(service.statistics().lastError()).contains("unable to create native thread");
		assertThat(this.store.attempts()).isZero();
		await().ignoreException(SegmentIdsUnavailableException.class).until(service::nextId, (id) -> id == 1);
		assertThat(service.statistics().storeReachable()).isTrue();
	}

	@Test
	void errorFromTheStoreIsAFailedAttemptThatWaitsOutTheRetryInterval() {
		String tag = SegmentTables.uniqueTag("error");
		SegmentTables.insertTag(h2, tag, 10);
		AssertionError error = new AssertionError("driver bug");
		this.store.failWith((t) -> error);
		try (SegmentIdServices services = new SegmentIdServices(this.store,
				SegmentSettings.DEFAULTS.withMaxWait(Duration.ofMillis(500)).withRetryInterval(Duration.ofSeconds(1)))) {
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(() -> services.forTag(tag))
				.withMessageContaining("driver bug")
				.withCause(error);
			assertThat(this.store.attempts()).isOne();
			assertThat(this.store.threads()).hasSize(1).allMatch(Thread::isAlive);
		}
	}

	@Test
	void checkedExceptionFromTheStoreIsAFailedAttemptThatIsTriedAgain() {
		String tag = SegmentTables.uniqueTag("checked");
		SegmentTables.insertTag(h2, tag, 10);
		IOException checked = new IOException("connection reset");
		this.store.failWith((t) -> checked);
		try (SegmentIdServices services = new SegmentIdServices(this.store,
				SegmentSettings.DEFAULTS.withMaxWait(Duration.ofMillis(300)).withRetryInterval(Duration.ofMillis(100)))) {
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(() -> services.forTag(tag))
				.withMessageContaining("connection reset")
				.withCause(checked);
			this.store.recover();
			await().ignoreException(SegmentIdsUnavailableException.class).until(() -> services.forTag(tag).nextId(),
					(id) -> id == 1);
			assertThat(this.store.attempts()).isGreaterThan(1);
		}
	}

	@Test
	void unknownTagAnswersItsOwnExceptionOnceTheRetryIntervalPassedWhileItWaited() {
		// every reading of the clock is 100 ms later: each answer is older than the retry interval
		// by the time a caller looks at it
		AtomicLong nanos = new AtomicLong();
		try (SegmentIdServices services = new SegmentIdServices(this.store, SegmentSettings.DEFAULTS
			.withMaxWait(Duration.ofSeconds(1))
			.withRetryInterval(Duration.ofMillis(10)), () -> nanos.addAndGet(100_000_000))) {
			assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(() -> services.forTag("made-up"));
			assertThat(this.store.attempts()).isOne();
			assertThatExceptionOfType(UnknownSegmentTagException.class).isThrownBy(() -> services.forTag("made-up"));
			assertThat(this.store.attempts()).isEqualTo(2);
		}
	}

	@Test
	void exhaustedTagAnswersItsOwnExceptionOnceTheRetryIntervalPassedWhileItWaited() {
		String tag = SegmentTables.uniqueTag("exhausted");
		SegmentTables.insertTag(h2, tag, 0, 10, 10);
		AtomicLong nanos = new AtomicLong();
		try (SegmentIdServices services = new SegmentIdServices(this.store, SegmentSettings.DEFAULTS
			.withMaxWait(Duration.ofSeconds(1))
			.withRetryInterval(Duration.ofMillis(10)), () -> nanos.addAndGet(100_000_000))) {
			SegmentIdService service = services.service(tag);
			assertThat(service.nextIds(10)).last().isEqualTo(10L);
			await().until(() -> this.store.attempts() == 2);
			assertThatExceptionOfType(SegmentTagExhaustedException.class).isThrownBy(service::nextId);
			assertThat(this.store.attempts()).isEqualTo(3);
		}
	}

}
