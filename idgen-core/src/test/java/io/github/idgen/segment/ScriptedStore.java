package io.github.idgen.segment;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * A store that passes allocations on to a real one unless told to fail them, and counts what it
 * was asked: for failures no database gives on demand (an {@link Error}, a store that answers in a
 * way a test chooses).
 */
final class ScriptedStore implements SegmentStore {

	private final SegmentStore target;

	private final AtomicInteger attempts = new AtomicInteger();

	private final Set<Thread> threads = ConcurrentHashMap.newKeySet();

	private volatile @Nullable Function<String, Throwable> failure;

	private volatile @Nullable CountDownLatch hold;

	ScriptedStore(SegmentStore target) {
		this.target = target;
	}

	/** Fails every allocation from now on with what {@code failure} makes of the tag. */
	void failWith(Function<String, Throwable> failure) {
		this.failure = failure;
	}

	/**
	 * Holds every allocation from now on until the latch opens, as a store that stopped answering:
	 * a row lock that is not released, a connection gone silent.
	 */
	void holdUntil(CountDownLatch release) {
		this.hold = release;
	}

	/** Passes allocations on again. */
	void recover() {
		this.failure = null;
	}

	int attempts() {
		return this.attempts.get();
	}

	/** The threads that asked for ranges. */
	Set<Thread> threads() {
		return this.threads;
	}

	@Override
	public SegmentRange allocate(String tag, int requestedStep) {
		failIfTold(tag);
		return this.target.allocate(tag, requestedStep);
	}

	@Override
	public SegmentRange allocateExactly(String tag, int size) {
		failIfTold(tag);
		return this.target.allocateExactly(tag, size);
	}

	private void failIfTold(String tag) {
		this.attempts.incrementAndGet();
		this.threads.add(Thread.currentThread());
		CountDownLatch hold = this.hold;
		if (hold != null) {
			try {
				hold.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		Function<String, Throwable> failure = this.failure;
		if (failure != null) {
			throw ScriptedStore.<RuntimeException>sneaky(failure.apply(tag));
		}
	}

	/** Throws any throwable, a checked exception too, as Kotlin or a sneaky throw does. */
	@SuppressWarnings("unchecked")
	private static <T extends Throwable> T sneaky(Throwable error) throws T {
		throw (T) error;
	}

	@Override
	public String describe() {
		return this.target.describe();
	}

}
