package io.github.idgen.lease;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;

import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.IssuedIds;
import io.github.idgen.testsupport.LincheckRuns;
import io.github.idgen.testsupport.SteppingClock;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * Lincheck explores the interleavings of {@link IdServiceProxy#nextId()} and
 * {@link IdServiceProxy#nextIds(int)} with the writes of the lease's high-water mark
 * ({@link HighWaterMarks}): the keeper's periodic write ahead, which resumes callers that found the
 * clock at the mark, and a caller of {@code updateWorkerId(false)} that proves a fenced lease again,
 * raising the mark on its own thread as {@link LeaseKeeper} does before ids flow again. The clock passes
 * the mark within a few calls, so ids stop at it until a write moves it on. Promised: every id once and
 * above the ids of calls that returned before; no id stamped after the mark the store holds (a
 * successor starts after that one); the lease's mark never ahead of the store's, and never moving back;
 * and every call returns, an id or {@link WorkerIdLeaseUnavailableException}.
 */
@Param(name = "count", gen = IntGen.class, conf = "1:4")
public class HighWaterMarksLincheckTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().sequenceBits(2).build();

	private static final int NODE_ID = 1;

	private static final long START = 1_780_272_000_000L;

	/** How far ahead each write puts the mark: two mark intervals of 1 ms. */
	private static final long AHEAD = 2;

	/** Four readings a millisecond: the clock reaches a mark two milliseconds ahead within a few calls. */
	private final SteppingClock clock = new SteppingClock(START, 250_000);

	private final MarkStore store = new MarkStore(new HighWaterMark(START + AHEAD, AHEAD, "pod-0", "1@h", 0,
			ScriptedLeaseDeployment.HOLDER.token()));

	private final HighWaterMarks marks = new HighWaterMarks(this.store, this.clock, AHEAD, ScriptedLeaseDeployment.HOLDER);

	private final ScriptedLeaseDeployment deployment = new ScriptedLeaseDeployment(LAYOUT, this.clock, NODE_ID, 0,
			START + AHEAD);

	private final LeaseWaitClock waitClock = new LeaseWaitClock() {

		@Override
		public long nanoTime() {
			return HighWaterMarksLincheckTests.this.clock.getAsLong();
		}

		@Override
		public void await(Lock lock, Condition condition, long nanos) {
			// a timed wait that wakes at its end: the time passes with the lock released
			lock.unlock();
			try {
				HighWaterMarksLincheckTests.this.clock.pass(Math.min(nanos, 1_000_000));
			}
			finally {
				lock.lock();
			}
		}

	};

	private final IdServiceProxy proxy = new IdServiceProxy(this.deployment, ClusterDeployment.DEFAULT_ISSUER, LAYOUT,
			Duration.ofMillis(5), IdServiceTwitter::builder, this.waitClock);

	private final IssuedIds ids = new IssuedIds();

	/** The highest mark of the lease seen so far; guarded by this test. */
	private long highestLeaseMark;

	@Operation
	public void nextId() {
		call("nextId()", (p) -> List.of(p.nextId()));
	}

	@Operation
	public void nextIds(@Param(name = "count") int count) {
		call("nextIds(" + count + ")", (p) -> p.nextIds(count));
	}

	/** The keeper's periodic write, as {@code LeaseKeeper.writeMarkAhead} makes it. */
	@Operation(nonParallelGroup = "keeper")
	public void keeperWritesTheMarkAhead() {
		WorkerIdLease lease = this.deployment.currentLease();
		if (this.marks.writeAhead(lease) == HighWaterMarks.Write.RESUMED) {
			this.deployment.changed(lease);
		}
		checkMarks();
	}

	/**
	 * A caller of {@code updateWorkerId(false)} on its own thread finds the lease fenced (a connection
	 * event), proves it, and raises the mark before it confirms the lease, as {@code LeaseKeeper.lease}
	 * does under its lock, which the keeper's periodic write does not take.
	 */
	@Operation
	public void callerProvesTheLeaseAgain() {
		WorkerIdLease lease = this.deployment.currentLease();
		this.deployment.fence();
		try {
			Long written = this.marks.raiseOwn(lease);
			if (written == null) {
				this.ids.violation("the lease's own record was refused");
				return;
			}
			lease.advanceMark(written);
			this.deployment.confirm();
		}
		catch (Exception ex) {
			this.ids.violation("raising the mark threw " + ex);
		}
		checkMarks();
	}

	@Validate
	public void promisesKept() {
		checkMarks();
		this.ids.check();
	}

	private void call(String name, Function<IdServiceProxy, Collection<Long>> call) {
		long floor = this.ids.floor();
		Collection<Long> issued;
		try {
			issued = call.apply(this.proxy);
		}
		catch (WorkerIdLeaseUnavailableException ex) {
			checkMarks();
			return;
		}
		catch (RuntimeException ex) {
			this.ids.violation(name + " threw " + ex);
			return;
		}
		// marks only rise in the store: an id stamped after the mark read now was after it when issued
		long stored = this.store.markMillis();
		for (long id : issued) {
			if (LAYOUT.timestampMillis(id) > stored) {
				this.ids.violation(name + " returned " + id + ", stamped " + LAYOUT.timestampMillis(id)
						+ ", after the mark " + stored + " in the store");
			}
		}
		this.ids.issued(floor, issued, name);
		checkMarks();
	}

	/** The lease's mark is at most the store's, and never moves back. */
	private void checkMarks() {
		// read under the check's lock, so that the order of the readings is the order of the comparisons
		synchronized (this) {
			long leaseMark = this.deployment.currentLease().getMarkMillis();
			long stored = this.store.markMillis();
			if (leaseMark > stored) {
				this.ids.violation("the lease's mark " + leaseMark + " is ahead of the store's " + stored);
			}
			if (leaseMark < this.highestLeaseMark) {
				this.ids.violation("the lease's mark moved back from " + this.highestLeaseMark + " to " + leaseMark);
			}
			this.highestLeaseMark = Math.max(this.highestLeaseMark, leaseMark);
		}
	}

	@Test
	void modelChecking() {
		LincheckRuns.modelChecking(3, 150).check(getClass());
	}

	@Test
	void stress() {
		LincheckRuns.stress(6, 1_000).check(getClass());
	}

	/**
	 * The record of the lease's node id, written by compare-and-set of its version as every real store
	 * does; the rest of a store is not needed by the mark writes.
	 */
	private static final class MarkStore implements LeaseBackend {

		private HighWaterMark mark;

		private long version;

		MarkStore(HighWaterMark mark) {
			this.mark = mark;
		}

		synchronized long markMillis() {
			return this.mark.markMillis();
		}

		@Override
		public synchronized VersionedMark readMark(int nodeId) {
			return new VersionedMark(this.mark, this.version);
		}

		@Override
		public synchronized boolean writeMark(int nodeId, long version, long claimId, HighWaterMark record) {
			if (version != this.version) {
				return false;
			}
			this.mark = record;
			this.version++;
			return true;
		}

		@Override
		public Set<Integer> recordedNodeIds() {
			return Set.of(NODE_ID);
		}

		@Override
		public String location() {
			return "memory:/worker_ids";
		}

		@Override
		public String location(int nodeId) {
			return location() + "/" + nodeId;
		}

		@Override
		public long leaseTimeoutMillis() {
			return 10_000;
		}

		@Override
		public void prepare(NodeIdRange range) {
		}

		@Override
		public Set<Integer> heldNodeIds(NodeIdRange range) {
			return Set.of(NODE_ID);
		}

		@Override
		public Claim claim(int nodeId, LeaseHolder holder, long markVersion, HighWaterMark record) {
			throw new UnsupportedOperationException("the check takes no lease");
		}

		@Override
		public @Nullable String checkHeld(WorkerIdLease lease) {
			return null;
		}

		@Override
		public boolean giveBack(WorkerIdLease lease) {
			throw new UnsupportedOperationException("the check gives no lease back");
		}

		@Override
		public boolean isConnected() {
			return true;
		}

	}

}
