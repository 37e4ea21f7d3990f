package io.github.idgen.lease;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

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

	private final WorkerIdLease lease = new WorkerIdLease(1, "/idgen/worker_ids/37", 37, 0x42L, 0,
			new LeaseHolder("1@h", "h", 1, Instant.EPOCH, "1@h", "t"), Instant.EPOCH, this.nanos::get,
			(deadline, task) -> this.deadlines.add(task), this.nanos.get() + 1000,
			1_000, 2_000);

	@Test
	void isValidUntilTheDeadlineOnTheMonotonicClockWithoutAnyEvent() {
		assertThat(this.lease.isValid()).isTrue();
		this.nanos.addAndGet(999);
		assertThat(this.lease.isValid()).isTrue();
		this.nanos.addAndGet(1);
		assertThat(this.lease.isValid()).isFalse();
		assertThat(this.lease.getState()).isEqualTo(WorkerIdLease.State.ACTIVE);
	}

	@Test
	void renewMovesTheDeadlineOfAnActiveLease() {
		this.lease.renew(this.nanos.get() + 5000);
		this.nanos.addAndGet(4999);
		assertThat(this.lease.isValid()).isTrue();
	}

	@Test
	void fenceInvalidatesAtOnceAndRenewCannotUndoIt() {
		this.lease.fence("connection to ZooKeeper suspended");

		assertThat(this.lease.isValid()).isFalse();
		this.lease.renew(this.nanos.get() + 5000);
		assertThat(this.lease.isValid()).isFalse();
		assertThat(this.lease.getState()).isEqualTo(WorkerIdLease.State.FENCED);
		assertThat(this.lease.getReason()).isEqualTo("connection to ZooKeeper suspended");
	}

	@Test
	void confirmMakesAFencedLeaseActiveAgain() {
		this.lease.fence("connection to ZooKeeper suspended");

		this.lease.confirm(this.nanos.get() + 5000);

		assertThat(this.lease.isValid()).isTrue();
		assertThat(this.lease.getState()).isEqualTo(WorkerIdLease.State.ACTIVE);
	}

	@Test
	void releaseIsFinal() {
		this.lease.release("closed");

		assertThat(this.lease.isValid()).isFalse();
		this.lease.renew(this.nanos.get() + 5000);
		assertThat(this.lease.isValid()).isFalse();
		assertThatIllegalStateException().isThrownBy(() -> this.lease.confirm(this.nanos.get() + 5000));
		this.lease.fence("suspended");
		assertThat(this.lease.getState()).isEqualTo(WorkerIdLease.State.RELEASED);
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
		WorkerIdLease counted = new WorkerIdLease(1, "/p/1", 1, 1L, 0, this.lease.getHolder(), Instant.EPOCH,
				() -> reads.incrementAndGet() + this.nanos.get(), DeadlineTimer.NONE, this.nanos.get() + 1_000_000, 1_000,
				2_000);

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
		this.nanos.addAndGet(1000);
		deadlinesCome();

		assertThat(this.lease.permits(1_500)).isFalse();
	}

	@Test
	void aDeadlineThatMovedOnLeavesThePermitAlone() {
		this.lease.watchDeadline();
		assertThat(this.lease.permits(1_500)).isTrue();

		this.lease.renew(this.nanos.get() + 5000);
		this.nanos.addAndGet(1000);
		deadlinesCome();

		assertThat(this.lease.permits(1_500)).isTrue();
		this.nanos.addAndGet(4000);
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
		WorkerIdLease lease = new WorkerIdLease(1, "/p/1", 1, 1L, 0, this.lease.getHolder(), Instant.EPOCH, clock,
				DeadlineTimer.NONE, this.nanos.get() + 1_000_000, 1_000, 2_000);
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
