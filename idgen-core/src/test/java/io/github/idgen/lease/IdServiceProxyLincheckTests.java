package io.github.idgen.lease;

import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.Function;

import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.IssuedIds;
import io.github.idgen.testsupport.LincheckRuns;
import io.github.idgen.testsupport.SteppingClock;
import org.jetbrains.lincheck.datastructures.BooleanGen;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.Validate;
import org.junit.jupiter.api.Test;

/**
 * Lincheck explores the interleavings of {@link IdServiceProxy#nextId()} and
 * {@link IdServiceProxy#nextIds(int)} with what the lease keeper does meanwhile: fencing the lease,
 * confirming and renewing it, the process standing still past the deadline (and the deadline timer
 * running late), and the lease lost and another node id leased, which swaps the proxy's delegate;
 * and the wall clock stepping back within the tolerance.
 * Promised: every id once, above every id of the calls that returned before its call began (also
 * across the swap); no id from a lease whose revocation (fence, deadline, release) was observed before
 * the call began, unless a proof of a lease came after; every id after the floor of the lease whose
 * node id it carries; and every call returns (the checker reports a call that never does), an id or
 * {@link WorkerIdLeaseUnavailableException}, after waiting no longer than its wait on the proxy's clock.
 * <p>
 * Lease events run in one group, one at a time, as on the keeper's single thread.
 */
@Param(name = "count", gen = IntGen.class, conf = "1:4")
@Param(name = "neverLeased", gen = BooleanGen.class)
@Param(name = "back", gen = IntGen.class, conf = "1:3")
public class IdServiceProxyLincheckTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().sequenceBits(2).build();

	private static final Duration WAIT = Duration.ofMillis(5);

	private static final long SLICE_NANOS = 1_000_000;

	/** Later leases take lower node ids: their ids of the same millisecond are lower, unless continued. */
	private static final int FIRST_NODE_ID = 1000;

	/** Ten readings a millisecond, so that a swap can come within the millisecond of the last id. */
	private static final long STEP_NANOS = 100_000;

	private final SteppingClock clock = new SteppingClock(1_780_272_000_000L, STEP_NANOS);

	private final ScriptedLeaseDeployment deployment = new ScriptedLeaseDeployment(LAYOUT, this.clock, FIRST_NODE_ID, 0);

	/**
	 * A wait passes the check's time in a slice of at most 1 ms with the lock released, as a timed
	 * wait that times out (or wakes spuriously) does: the proxy looks again, so lease events come in at
	 * any point of a wait.
	 */
	private final LeaseWaitClock waitClock = new LeaseWaitClock() {

		@Override
		public long nanoTime() {
			return IdServiceProxyLincheckTests.this.clock.getAsLong();
		}

		@Override
		public void await(Lock lock, Condition condition, long nanos) {
			lock.unlock();
			try {
				long slice = Math.min(nanos, SLICE_NANOS);
				IdServiceProxyLincheckTests.this.waitedByThisCall.get()[0] += slice;
				IdServiceProxyLincheckTests.this.clock.pass(slice);
			}
			finally {
				lock.lock();
			}
		}

	};

	/**
	 * How long the current call of each thread waited. Time on the check's clock also passes while a
	 * thread is not scheduled (another thread's wait passes it), as real time does while the system
	 * does not schedule a thread: a call's promise is about the waits it makes itself.
	 */
	private final ThreadLocal<long[]> waitedByThisCall = ThreadLocal.withInitial(() -> new long[1]);

	private final IdServiceProxy proxy = new IdServiceProxy(this.deployment, ClusterDeployment.DEFAULT_ISSUER, LAYOUT,
			WAIT, () -> IdServiceTwitter.builder().clockBackwardsTolerance(Duration.ofMillis(5)), this.waitClock);

	private final IssuedIds ids = new IssuedIds();

	/** The floor of each node id's lease. */
	private final Map<Integer, Long> floors = new HashMap<>(Map.of(FIRST_NODE_ID, 0L));

	/** Counts proofs, raised before each takes effect; guarded by this test. */
	private long grants;

	/** Whether a revocation took effect since the last proof; set after it did. */
	private boolean revoked;

	/** The node ids of released leases; each is added after its release took effect. */
	private final Set<Integer> released = new HashSet<>();

	private int nextNodeId = FIRST_NODE_ID - 1;

	@Operation
	public void nextId() {
		call("nextId()", (p) -> List.of(p.nextId()));
	}

	@Operation
	public void nextIds(@Param(name = "count") int count) {
		call("nextIds(" + count + ")", (p) -> p.nextIds(count));
	}

	/** An NTP correction back, within the generators' tolerance. */
	@Operation
	public void clockStepsBack(@Param(name = "back") int millis) {
		this.clock.stepBack(millis);
	}

	@Operation(nonParallelGroup = "keeper")
	public void fence() {
		this.deployment.fence();
		revoked();
	}

	@Operation(nonParallelGroup = "keeper")
	public void confirm() {
		// the group's operations run one at a time: the state read here is the one the proof finds
		if (this.deployment.currentLease().getState() != WorkerIdLease.State.RELEASED) {
			granted();
		}
		this.deployment.confirm();
	}

	@Operation(nonParallelGroup = "keeper")
	public void renew() {
		if (this.deployment.currentLease().getState() == WorkerIdLease.State.ACTIVE) {
			granted();
		}
		this.deployment.renew();
	}

	@Operation(nonParallelGroup = "keeper")
	public void freeze() {
		this.deployment.freeze();
		revoked();
	}

	@Operation(nonParallelGroup = "keeper")
	public void deadlineTimerRuns() {
		this.deployment.timerRuns();
	}

	/**
	 * The lease is lost, and another node id leased: one never leased before (no floor), or one that a
	 * holder whose clock is 1 ms ahead gave up (the proxy waits for its mark).
	 */
	@Operation(nonParallelGroup = "keeper")
	public void loseAndLeaseAnother(@Param(name = "neverLeased") boolean neverLeased) {
		int nodeId;
		long floor;
		synchronized (this) {
			nodeId = this.nextNodeId--;
			floor = neverLeased ? 0 : this.clock.highestShown() + 1;
			this.floors.put(nodeId, floor);
		}
		// the release revokes the old lease (its node id is checked below) before the new one is
		// announced; the new lease is a proof, counted before it takes effect
		granted();
		int lost = this.deployment.currentLease().getNodeId();
		this.deployment.loseAndLease(nodeId, floor);
		synchronized (this) {
			this.released.add(lost);
		}
	}

	@Validate
	public void promisesKept() {
		this.ids.check();
	}

	private void call(String name, Function<IdServiceProxy, List<Long>> call) {
		long floor = this.ids.floor();
		boolean revokedBefore;
		long grantsBefore;
		Set<Integer> releasedBefore;
		synchronized (this) {
			revokedBefore = this.revoked;
			grantsBefore = this.grants;
			releasedBefore = new HashSet<>(this.released);
		}
		this.waitedByThisCall.get()[0] = 0;
		List<Long> issued;
		try {
			issued = call.apply(this.proxy);
		}
		catch (WorkerIdLeaseUnavailableException ex) {
			checkWithinWait(name);
			return;
		}
		catch (RuntimeException ex) {
			this.ids.violation(name + " threw " + ex);
			return;
		}
		checkWithinWait(name);
		this.ids.issued(floor, issued, name);
		synchronized (this) {
			if (revokedBefore && this.grants == grantsBefore) {
				this.ids.violation(name + " returned " + issued + " after a revocation it saw, with no proof since");
			}
			for (long id : issued) {
				SnowflakeId parts = LAYOUT.decompose(id);
				int nodeId = (parts.datacenterId() << LAYOUT.workerBits()) | parts.workerId();
				if (releasedBefore.contains(nodeId)) {
					this.ids.violation(name + " returned " + id + " of node id " + nodeId + ", whose lease it saw released");
				}
				Long nodeFloor = this.floors.get(nodeId);
				if (nodeFloor == null || LAYOUT.timestampMillis(id) <= nodeFloor) {
					this.ids.violation(name + " returned " + id + " of node id " + nodeId + ", not after the floor "
							+ nodeFloor + " of its lease");
				}
			}
		}
	}

	private void checkWithinWait(String name) {
		long waited = this.waitedByThisCall.get()[0];
		if (waited > WAIT.toNanos()) {
			this.ids.violation(name + " waited " + waited + " ns, its wait is " + WAIT);
		}
	}

	private synchronized void granted() {
		this.grants++;
		this.revoked = false;
	}

	private synchronized void revoked() {
		this.revoked = true;
	}

	@Test
	void modelChecking() {
		LincheckRuns.modelChecking(3, 150).check(getClass());
	}

	@Test
	void stress() {
		LincheckRuns.stress(6, 1_000).check(getClass());
	}

}
