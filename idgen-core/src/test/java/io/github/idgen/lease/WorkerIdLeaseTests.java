package io.github.idgen.lease;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

import io.github.idgen.snowflake.SnowflakeLayout;
import org.jetbrains.lincheck.Lincheck;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The lease's deadline and states, on a fake monotonic clock. (How the deadline is renewed from
 * ZooKeeper is proven on a real server in the scenario tests.)
 */
class WorkerIdLeaseTests {

	private final AtomicLong nanos = new AtomicLong(1_000_000_000L);

	/** Deadline tasks, run by {@link #deadlinesCome()}. */
	private final List<Runnable> deadlines = new ArrayList<>();

	/** How far the deadline is ahead at first: ten 1 ms units, so that a unit that passed is cached. */
	private static final long DEADLINE = 10_000_000;

	private final WorkerIdLease lease = new WorkerIdLease(1, "/idgen/worker_ids/37", 37, SnowflakeLayout.TWITTER, 0x42L, 0,
			new LeaseHolder("1@h", "h", 1, Instant.EPOCH, "1@h", "t"), Instant.EPOCH, this.nanos::get,
			(deadline, task) -> this.deadlines.add(task), this.nanos.get() + DEADLINE, 1_000, 2_000);

	@Test
	void isValidUntilTheDeadlineOnTheMonotonicClockWithoutAnyEvent() {
		assertThat(this.lease.isValid()).isTrue();
		this.nanos.addAndGet(DEADLINE - 1);
		assertThat(this.lease.isValid()).isTrue();
		this.nanos.addAndGet(1);
		assertThat(this.lease.isValid()).isFalse();
		assertThat(this.lease.getState()).isEqualTo(WorkerIdLease.State.ACTIVE);
	}

	@Test
	void renewMovesTheDeadlineOfAnActiveLease() {
		this.lease.renew(this.nanos.get() + 5 * DEADLINE);
		this.nanos.addAndGet(5 * DEADLINE - 1);
		assertThat(this.lease.isValid()).isTrue();
	}

	@Test
	void fenceInvalidatesAtOnceAndRenewCannotUndoIt() {
		this.lease.fence("connection to ZooKeeper suspended");

		assertThat(this.lease.isValid()).isFalse();
		this.lease.renew(this.nanos.get() + 5 * DEADLINE);
		assertThat(this.lease.isValid()).isFalse();
		assertThat(this.lease.getState()).isEqualTo(WorkerIdLease.State.FENCED);
		assertThat(this.lease.getReason()).isEqualTo("connection to ZooKeeper suspended");
	}

	@Test
	void confirmMakesAFencedLeaseActiveAgain() {
		this.lease.fence("connection to ZooKeeper suspended");

		this.lease.confirm(this.nanos.get() + DEADLINE);

		assertThat(this.lease.isValid()).isTrue();
		assertThat(this.lease.getState()).isEqualTo(WorkerIdLease.State.ACTIVE);
	}

	@Test
	void releaseIsFinal() {
		this.lease.release("closed");

		assertThat(this.lease.isValid()).isFalse();
		this.lease.renew(this.nanos.get() + 5 * DEADLINE);
		assertThat(this.lease.isValid()).isFalse();
		assertThatIllegalStateException().isThrownBy(() -> this.lease.confirm(this.nanos.get() + 5 * DEADLINE));
		this.lease.fence("suspended");
		assertThat(this.lease.getState()).isEqualTo(WorkerIdLease.State.RELEASED);
	}

	@Test
	void theTimeLeftIsTheWayToTheDeadlineAndZeroOncePastFencedOrReleased() {
		assertThat(this.lease.getTimeLeft()).isEqualTo(Duration.ofNanos(DEADLINE));
		this.nanos.addAndGet(DEADLINE / 4);
		assertThat(this.lease.getTimeLeft()).isEqualTo(Duration.ofNanos(DEADLINE * 3 / 4));
		this.nanos.addAndGet(DEADLINE);
		assertThat(this.lease.getTimeLeft()).as("past the deadline").isZero();
		this.lease.renew(this.nanos.get() + DEADLINE);
		assertThat(this.lease.getTimeLeft()).isEqualTo(Duration.ofNanos(DEADLINE));
		this.lease.fence("connection to ZooKeeper suspended");
		assertThat(this.lease.getTimeLeft()).isZero();
		this.lease.confirm(this.nanos.get() + DEADLINE);
		this.lease.release("closed");
		assertThat(this.lease.getTimeLeft()).isZero();
	}

	@Test
	void permitsOnlyTimestampsAfterTheFloorAndUpToTheMarkWhileValid() {
		assertThat(this.lease.permits(1_000)).isFalse();
		assertThat(this.lease.permits(1_001)).isTrue();
		assertThat(this.lease.permits(2_000)).isTrue();
		assertThat(this.lease.permits(2_001)).isFalse();
		this.lease.advanceMark(3_000);
		assertThat(this.lease.permits(2_001)).isTrue();
		this.lease.advanceMark(1_500);
		assertThat(this.lease.getMarkMillis()).as("a mark never moves back").isEqualTo(3_000);
		this.lease.fence("connection to ZooKeeper suspended");
		assertThat(this.lease.permits(1_500)).isFalse();
	}

	@Test
	void aMillisecondThatPassedTheFullCheckPassesWithoutReadingTheClockAgain() {
		AtomicLong reads = new AtomicLong();
		WorkerIdLease counted = new WorkerIdLease(1, "/p/1", 1, SnowflakeLayout.TWITTER, 1L, 0, this.lease.getHolder(),
				Instant.EPOCH, () -> reads.incrementAndGet() + this.nanos.get(), DeadlineTimer.NONE,
				this.nanos.get() + DEADLINE, 1_000, 2_000);

		assertThat(counted.permits(1_500)).isTrue();
		assertThat(counted.permits(1_500)).isTrue();
		assertThat(counted.permits(1_500)).isTrue();
		assertThat(reads).as("one clock read for the millisecond").hasValue(1);
		assertThat(counted.permits(1_501)).isTrue();
		assertThat(reads).hasValue(2);
	}

	@Test
	void fencingEndsThePermitOfTheCurrentMillisecondAtOnce() {
		assertThat(this.lease.permits(1_500)).isTrue();

		this.lease.fence("connection to ZooKeeper suspended");

		assertThat(this.lease.permits(1_500)).isFalse();
	}

	@Test
	void anIdOfAMillisecondThatAlreadyPassedIsRefusedOnceTheDeadlineHasPassed() {
		this.lease.watchDeadline();
		assertThat(this.lease.permits(1_500)).isTrue();

		// the wall clock stands still (or was stepped back to this millisecond) while the deadline passes
		this.nanos.addAndGet(DEADLINE);
		deadlinesCome();

		assertThat(this.lease.permits(1_500)).isFalse();
	}

	@Test
	void aDeadlineThatMovedOnLeavesThePermitAlone() {
		this.lease.watchDeadline();
		assertThat(this.lease.permits(1_500)).isTrue();

		this.lease.renew(this.nanos.get() + 5 * DEADLINE);
		this.nanos.addAndGet(DEADLINE);
		deadlinesCome();

		assertThat(this.lease.permits(1_500)).isTrue();
		this.nanos.addAndGet(4 * DEADLINE);
		deadlinesCome();
		assertThat(this.lease.permits(1_500)).isFalse();
	}

	@Test
	void aFenceBetweenTheCheckAndThePermitOfAMillisecondEndsThatPermit() {
		AtomicReference<WorkerIdLease> racing = new AtomicReference<>();
		AtomicLong reads = new AtomicLong();
		// the check reads the clock, then, before it remembers the millisecond, a fence comes in on another
		// thread (at a later reading of the clock)
		LongSupplier clock = () -> {
			long now = this.nanos.get();
			if (reads.incrementAndGet() == 1) {
				this.nanos.addAndGet(10);
				racing.get().fence("connection to ZooKeeper suspended");
			}
			return now;
		};
		WorkerIdLease lease = new WorkerIdLease(1, "/p/1", 1, SnowflakeLayout.TWITTER, 1L, 0, this.lease.getHolder(),
				Instant.EPOCH, clock, DeadlineTimer.NONE, this.nanos.get() + DEADLINE, 1_000, 2_000);
		racing.set(lease);

		assertThat(lease.permits(1_500)).as("checked before the fence").isTrue();

		assertThat(lease.permits(1_500)).as("after the fence").isFalse();
	}

	@Test
	void releasingEndsThePermitOfTheCurrentMillisecondAtOnce() {
		assertThat(this.lease.permits(1_500)).isTrue();

		this.lease.release("closed");

		assertThat(this.lease.permits(1_500)).isFalse();
	}

	@Test
	void aCachedTimeUnitNeverOutlivesTheDeadlineEvenWhenTheTimerIsLate() {
		// 1 s units, the deadline half a second away, and no timer: a process thawed within one unit
		// whose timer thread has not run yet
		WorkerIdLease lease = new WorkerIdLease(1, "/p/1", 1, SnowflakeLayout.JAVASCRIPT_SAFE, 1L, 0, this.lease.getHolder(),
				Instant.EPOCH, this.nanos::get, DeadlineTimer.NONE, this.nanos.get() + 500_000_000, 1_000, 5_000);
		assertThat(lease.permits(2_000)).isTrue();

		this.nanos.addAndGet(600_000_000);

		assertThat(lease.permits(2_000)).as("an id of the same unit, made after the deadline").isFalse();
	}

	@Test
	void aTimeUnitWellBeforeTheDeadlinePassesOnOneClockReadPerUnit() {
		AtomicLong reads = new AtomicLong();
		WorkerIdLease lease = new WorkerIdLease(1, "/p/1", 1, SnowflakeLayout.JAVASCRIPT_SAFE, 1L, 0, this.lease.getHolder(),
				Instant.EPOCH, () -> reads.incrementAndGet() + this.nanos.get(), DeadlineTimer.NONE,
				this.nanos.get() + 5_000_000_000L, 1_000, 5_000);

		for (int i = 0; i < 100; i++) {
			assertThat(lease.permits(2_000)).isTrue();
		}

		assertThat(reads).as("one clock read for the unit").hasValue(1);
	}

	@Test
	void issuersOfDifferentTimeUnitsKeepTheirOwnPermits() {
		AtomicLong reads = new AtomicLong();
		WorkerIdLease lease = new WorkerIdLease(1, "/p/1", 1, SnowflakeLayout.TWITTER, 1L, 0, this.lease.getHolder(),
				Instant.EPOCH, () -> reads.incrementAndGet() + this.nanos.get(), DeadlineTimer.NONE,
				this.nanos.get() + 5_000_000_000L, 1_000, 5_000);
		LeasePermit milliseconds = lease.permit(1);
		LeasePermit seconds = lease.permit(1_000);

		for (int i = 0; i < 10; i++) {
			assertThat(milliseconds.permits(1_500)).isTrue();
			assertThat(seconds.permits(2_000)).isTrue();
		}

		assertThat(reads).as("one clock read per issuer and unit").hasValue(2);
		lease.fence("connection to ZooKeeper suspended");
		assertThat(milliseconds.permits(1_500)).isFalse();
		assertThat(seconds.permits(2_000)).as("a fence revokes every permit").isFalse();
	}

	@Test
	void twoWritersOfTheMarkThatRaceNeverMoveItBack() {
		// the keeper's periodic write and a caller of updateWorkerId(false) raise the mark on two threads;
		// Lincheck runs the two threads in every order of their steps (one read and one write of the mark
		// each), the keeper's read of 2_000 before the caller's write of 4_000 included
		Lincheck.runConcurrentTest(100, () -> {
			WorkerIdLease lease = new WorkerIdLease(1, "/p/1", 1, SnowflakeLayout.TWITTER, 1L, 0, this.lease.getHolder(),
					Instant.EPOCH, () -> 0L, DeadlineTimer.NONE, Long.MAX_VALUE, 1_000, 2_000);
			Thread keeper = new Thread(() -> lease.advanceMark(3_000));
			Thread caller = new Thread(() -> lease.advanceMark(4_000));
			keeper.start();
			caller.start();
			joinUninterruptibly(keeper);
			joinUninterruptibly(caller);
			// no AssertJ inside the checked block: Lincheck analyses what it calls, and trips on its equals()
			if (lease.getMarkMillis() != 4_000) {
				throw new AssertionError("the mark moved back to " + lease.getMarkMillis() + " after 4000 was written");
			}
		});
	}

	private static void joinUninterruptibly(Thread thread) {
		try {
			thread.join();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	@Test
	void idsOfTheNodeIdSplitIntoDatacenterAndWorker() {
		assertThat(this.lease.getDatacenterId()).isEqualTo(1);
		assertThat(this.lease.getWorkerId()).isEqualTo(5);
	}

	/** Runs the deadline tasks registered so far, as the timer does when their deadlines come. */
	private void deadlinesCome() {
		List<Runnable> due = List.copyOf(this.deadlines);
		this.deadlines.clear();
		due.forEach(Runnable::run);
	}

}
