package io.github.idgen.server.api;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.github.idgen.segment.SegmentIdsUnavailableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The bound of the range endpoint's store calls per tag, with store calls that end when the test
 * says: how many of a tag's are at the store, how many wait, what the others are told; other tags
 * unaffected. (The bound against a real row lock on PostgreSQL: {@code StalledTagIT}.)
 */
class StoreCallsPerTagTests {

	private final CountDownLatch stalled = new CountDownLatch(1);

	private final StoreCallsPerTag calls = new StoreCallsPerTag(2, 1, Duration.ofMillis(300));

	/** A thread per call: the calls block, as request threads do. */
	private final ExecutorService threads = Executors.newCachedThreadPool();

	@AfterEach
	void release() {
		this.stalled.countDown();
		this.threads.shutdownNow();
	}

	@Test
	void aTagsCallsBeyondTheBoundWaitOrAreRefusedAtOnceWhileOtherTagsGoOn() throws Exception {
		CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> this.calls.call("locked", stalledCall()), this.threads);
		CompletableFuture<String> second = CompletableFuture.supplyAsync(() -> this.calls.call("locked", stalledCall()), this.threads);
		awaitUsers(this.calls, 2);
		CompletableFuture<String> waiting = CompletableFuture.supplyAsync(() -> this.calls.call("locked", () -> "late"), this.threads);
		awaitUsers(this.calls, 3);
		assertThatExceptionOfType(SegmentIdsUnavailableException.class)
			.isThrownBy(() -> this.calls.call("locked", () -> "refused"))
			.withMessageContaining("segment tag 'locked'")
			.withMessageContaining("2 calls are at the store and 1 wait for their turn")
			.satisfies((ex) -> assertThat(ex.getRetryAfter()).isPositive());
		assertThat(this.calls.call("free", () -> "other tag")).isEqualTo("other tag");
		assertThat(waiting).failsWithin(Duration.ofSeconds(10))
			.withThrowableThat()
			.havingCause()
			.isInstanceOf(SegmentIdsUnavailableException.class)
			.withMessageContaining("none of its 2 calls at the store ended within PT0.3S");
		this.stalled.countDown();
		assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("done");
		assertThat(second.get(10, TimeUnit.SECONDS)).isEqualTo("done");
		assertThat(this.calls.busyTags()).isZero();
	}

	@Test
	void aWaitingCallHasItsTurnWhenACallAtTheStoreEnds() throws Exception {
		StoreCallsPerTag oneAtATime = new StoreCallsPerTag(1, 1, Duration.ofSeconds(30));
		CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> oneAtATime.call("locked", stalledCall()), this.threads);
		awaitUsers(oneAtATime, 1);
		CompletableFuture<String> next = CompletableFuture.supplyAsync(() -> oneAtATime.call("locked", () -> "next"), this.threads);
		awaitUsers(oneAtATime, 2);
		assertThat(next).isNotDone();
		this.stalled.countDown();
		assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("done");
		assertThat(next.get(10, TimeUnit.SECONDS)).isEqualTo("next");
		assertThat(oneAtATime.busyTags()).isZero();
	}

	@Test
	void aStoreCallThatFailsGivesItsTurnBack() {
		StoreCallsPerTag oneAtATime = new StoreCallsPerTag(1, 0, Duration.ZERO);
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> oneAtATime.call("tag", () -> {
			throw new IllegalStateException("store down");
		}));
		assertThat(oneAtATime.call("tag", () -> "again")).isEqualTo("again");
		assertThat(oneAtATime.busyTags()).isZero();
	}

	private Supplier<String> stalledCall() {
		return () -> {
			try {
				this.stalled.await();
				return "done";
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new IllegalStateException(ex);
			}
		};
	}

	/** Waits until a tag's calls at the store or waiting reach a number: they start on other threads. */
	private static void awaitUsers(StoreCallsPerTag calls, int users) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
		while (calls.users("locked") < users) {
			assertThat(System.nanoTime() - deadline).as("calls entered in time").isNegative();
			Thread.sleep(5);
		}
	}

}
