package io.github.idgen.testsupport;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

import io.github.idgen.lease.AbstractLeaseDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.snowflake.SnowflakeLayout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * The failure scenarios every lease backend whose leases are renewed records must pass, each with all
 * 32 worker ids held so that a successor can lease nothing but the id in question: a holder cut off by
 * the network, killed, or frozen past its lease. A backend's test class sets up its store and its
 * holders and runs the scenario on its {@link LeaseFixture}.
 */
public final class LeaseScenarios {

	private LeaseScenarios() {
	}

	/**
	 * Leases the other ids of the range, each with a deployment of its own.
	 * @param fixture the backend's support
	 * @param count how many
	 * @param <D> the deployments' type
	 * @return the deployments, each holding an id
	 */
	public static <D extends AbstractLeaseDeployment> List<D> leaseOthers(LeaseFixture<D> fixture, int count) {
		List<D> others = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			D other = fixture.startDeployment();
			other.getWorkerId();
			others.add(other);
		}
		return others;
	}

	/**
	 * The network between one instance and the store stops forwarding without closing anything. The
	 * cut-off instance issues its last id before its deadline, two thirds of the lease timeout after the
	 * freeze at most; a successor takes its id over only after a whole lease timeout, and no id is
	 * issued twice.
	 * @param fixture the backend's support
	 * @param cutOff a started deployment that reaches the store through {@code network}, writing its marks
	 * far apart (so that only the deadline can stop it in time)
	 * @param network the proxy in front of the store
	 * @param successor starts a deployment that may wait for the cut-off instance's mark
	 * @param <D> the deployments' type
	 * @throws Exception if the scenario cannot run
	 */
	public static <D extends AbstractLeaseDeployment> void cutOffInstanceStopsByItsDeadline(LeaseFixture<D> fixture,
			D cutOff, TcpProxy network, Supplier<D> successor) throws Exception {
		int workerId = cutOff.getWorkerId();
		leaseOthers(fixture, 31);
		IdServiceProxy cutOffIds = fixture.proxy(cutOff, Duration.ZERO);
		Set<Long> cutOffIssued = ConcurrentHashMap.newKeySet();
		AtomicLong lastIssuedNanos = new AtomicLong();
		AtomicBoolean issuing = new AtomicBoolean(true);
		Thread issuer = new Thread(() -> {
			while (issuing.get()) {
				try {
					cutOffIssued.add(cutOffIds.nextId());
					lastIssuedNanos.set(System.nanoTime());
				}
				catch (WorkerIdLeaseUnavailableException ex) {
					// refused: what the partition must bring
				}
				LockSupport.parkNanos(200_000);
			}
		});
		issuer.start();
		Thread.sleep(500);
		assertThat(cutOff.currentLease().getTimeLeft()).isPositive().isLessThanOrEqualTo(fixture.leaseTimeout());

		network.freeze();
		long frozenAt = System.nanoTime();
		D taker = successor.get();
		assertThat(taker.getWorkerId()).isEqualTo(workerId);
		long takenOverAt = System.nanoTime();
		Set<Long> successorIssued = Set.copyOf(fixture.proxy(taker, Duration.ofSeconds(10)).nextIds(1000));
		issuing.set(false);
		issuer.join();

		assertThat(cutOffIssued).isNotEmpty();
		assertThat(Duration.ofNanos(lastIssuedNanos.get() - frozenAt)).as("the cut-off instance's last id after the freeze")
			.isLessThanOrEqualTo(fixture.leaseTimeout().multipliedBy(2).dividedBy(3).plusMillis(5));
		assertThat(Duration.ofNanos(takenOverAt - frozenAt)).as("the takeover after the freeze")
			.isGreaterThanOrEqualTo(fixture.leaseTimeout());
		assertThat(cutOffIssued).doesNotContainAnyElementsOf(successorIssued);
		assertThat(cutOff.currentLease().getTimeLeft()).as("the cut-off lease's time left").isZero();
		// a renewal that got no answer fails once its request times out, within a third of the lease timeout
		await().atMost(fixture.leaseTimeout()).until(() -> cutOff.getRenewalFailures() > 0);
		network.thaw();
	}

	/**
	 * A holder in its own JVM is killed with SIGKILL while every other id is held: a successor gets its
	 * id once the record stood still for a lease timeout, not before, and the other holders keep theirs.
	 * @param fixture the backend's support
	 * @param child the holder, started with the fixture's lease group and timeout
	 * @param <D> the deployments' type
	 * @throws Exception if the scenario cannot run
	 */
	public static <D extends AbstractLeaseDeployment> void killedHolderIsTakenOverAfterALeaseTimeout(
			LeaseFixture<D> fixture, LeaseHolderChild child) throws Exception {
		List<D> others = leaseOthers(fixture, 31);
		D successor = fixture.startDeployment();
		assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(successor::getWorkerId);

		child.kill();
		long killedAt = System.nanoTime();
		int taken = successor.updateWorkerId(false);
		Duration afterKill = Duration.ofNanos(System.nanoTime() - killedAt);

		assertThat(taken).isEqualTo(child.workerId());
		assertThat(afterKill).as("the dead holder's record is taken over no sooner than a lease timeout")
			.isGreaterThanOrEqualTo(fixture.leaseTimeout())
			.isLessThan(fixture.leaseTimeout().multipliedBy(3));
		assertThat(others).allSatisfy((other) -> assertThat(other.currentLease().isValid()).isTrue());
	}

	/**
	 * A holder in its own JVM is frozen (SIGSTOP) past its lease while a successor takes its id over.
	 * Thawed, it issues nothing with that id, and leases another one once one is free.
	 * @param fixture the backend's support
	 * @param child the holder, started with the fixture's lease group and timeout, writing its marks far
	 * apart (so that only the deadline can stop it from issuing with the id it lost)
	 * @param successor starts a deployment that may wait for the frozen holder's mark
	 * @param <D> the deployments' type
	 * @throws Exception if the scenario cannot run
	 */
	public static <D extends AbstractLeaseDeployment> void frozenHolderIssuesNothingWithItsIdAfterThaw(
			LeaseFixture<D> fixture, LeaseHolderChild child, Supplier<D> successor) throws Exception {
		int lostId = child.workerId();
		List<D> others = leaseOthers(fixture, 31);
		await().atMost(Duration.ofSeconds(10)).until(() -> child.countIds() > 100);

		child.signal("STOP");
		int linesBeforeFreeze = child.linesOnceDrained();
		D taker = successor.get();
		assertThat(taker.getWorkerId()).isEqualTo(lostId);
		IdServiceProxy successorIds = fixture.proxy(taker, Duration.ofSeconds(30));
		try (BackgroundIssuer successorIssuer = new BackgroundIssuer(successorIds)) {
			long thawedAt = System.currentTimeMillis();
			child.signal("CONT");
			D leaving = others.get(0);
			int freedId = leaving.getWorkerId();
			leaving.close();
			await().atMost(Duration.ofSeconds(30))
				.until(() -> workerIdsAfter(child, linesBeforeFreeze).contains(freedId)
						&& successorIssuer.issued().size() > 100);
			successorIssuer.close();

			child.assertIssuedNothingWithItsLostIdAfterThaw(linesBeforeFreeze, thawedAt, lostId);
			assertThat(child.ids()).doesNotContainAnyElementsOf(successorIssuer.issued());
		}
	}

	private static List<Integer> workerIdsAfter(LeaseHolderChild child, int fromLine) {
		List<String> lines = child.lines();
		return lines.subList(fromLine, lines.size())
			.stream()
			.filter((line) -> line.startsWith("ID "))
			.map((line) -> SnowflakeLayout.TWITTER.decompose(Long.parseLong(line.substring(3))).workerId())
			.toList();
	}

}
