package io.github.idgen.lease;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.github.idgen.snowflake.MillisClock;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * {@link LeaseKeeper} on an in-memory store, for what no real server can be made to do on cue: a store
 * that fails exactly while an id is given up.
 */
class LeaseKeeperTests {

	private final InMemoryLeaseBackend store = new InMemoryLeaseBackend();

	private final List<LeaseKeeper> keepers = new ArrayList<>();

	private final LeaseKeeper keeper = keeper(MillisClock.SYSTEM);

	@AfterEach
	void close() {
		this.store.heal();
		this.keepers.forEach(LeaseKeeper::close);
	}

	@Test
	void aFailedReleaseReportsTheStoresFailureAndTheIdIsGivenBackOnceTheStoreAnswers() {
		this.keeper.start();
		WorkerIdLease first = this.keeper.lease(false);
		IOException storeDown = new IOException("store down");
		this.store.failWith(storeDown);

		assertThatIllegalStateException().isThrownBy(() -> this.keeper.lease(true)).withCause(storeDown);
		assertThat(first.getState()).isEqualTo(WorkerIdLease.State.RELEASED);
		assertThat(this.store.held()).as("not freed while the store fails").contains(first.getNodeId());

		this.store.heal();

		await().atMost(Duration.ofSeconds(5)).until(() -> !this.store.held().contains(first.getNodeId()));
	}

	@Test
	void aGiveBackRetriedAfterItsReplyWasLostDoesNotFreeTheSameNodeLeasedAgain() {
		this.keeper.start();
		WorkerIdLease first = this.keeper.lease(false);
		for (int nodeId = 0; nodeId < 32; nodeId++) {
			if (nodeId != first.getNodeId()) {
				this.store.holdFor(nodeId, "another instance");
			}
		}
		this.store.loseNextGiveBackReply();

		// the give-back frees the node but its reply is lost; the node is the only free one, so it comes back
		WorkerIdLease second = this.keeper.lease(true);

		assertThat(second.getNodeId()).isEqualTo(first.getNodeId());
		String token = second.getHolder().token();
		await().during(Duration.ofMillis(2500))
			.atMost(Duration.ofSeconds(4))
			.until(() -> token.equals(this.store.holder(second.getNodeId())));
		assertThat(this.keeper.getLeasesLost()).isZero();
		assertThat(second.getState()).isEqualTo(WorkerIdLease.State.ACTIVE);
	}

	@Test
	void aWallClockThatStandsStillIssuesNoIdOfItsMillisecondOnceTheDeadlineHasPassed() {
		long stuck = System.currentTimeMillis();
		LeaseKeeper keeper = keeper(() -> stuck);
		keeper.start();
		WorkerIdLease lease = keeper.lease(false);
		assertThat(lease.permits(stuck)).isTrue();

		// renewals hang: no failure and no fence, only the deadline says the lease is unproven
		this.store.hang();

		await().atMost(Duration.ofSeconds(5)).until(() -> !lease.isValid());
		await().atMost(Duration.ofSeconds(1)).until(() -> !lease.permits(stuck));
	}

	@Test
	void renewalsAndRenewalFailuresAreCountedAndTheTimeLeftIsNeverMoreThanTheValidityOfAProof() {
		long validityMillis = this.store.leaseTimeoutMillis() * 2 / 3;
		this.keeper.start();
		WorkerIdLease lease = this.keeper.lease(false);
		assertThat(lease.getTimeLeft()).isPositive().isLessThanOrEqualTo(Duration.ofMillis(validityMillis));
		await().atMost(Duration.ofSeconds(5)).until(() -> this.keeper.getRenewals() >= 2);
		assertThat(this.keeper.getRenewalFailures()).isZero();
		assertThat(lease.getTimeLeft()).isPositive().isLessThanOrEqualTo(Duration.ofMillis(validityMillis));

		this.store.failWith(new IOException("store down"));

		await().atMost(Duration.ofSeconds(5)).until(() -> this.keeper.getRenewalFailures() >= 1);
		await().atMost(Duration.ofSeconds(5)).until(() -> lease.getState() == WorkerIdLease.State.FENCED);
		assertThat(lease.getTimeLeft()).isZero();
		long failures = this.keeper.getRenewalFailures();
		// a fenced lease is not proven by the renewals that come while the store stays down
		await().atMost(Duration.ofSeconds(5)).until(() -> this.keeper.getRenewalFailures() > failures);
		long renewals = this.keeper.getRenewals();

		this.store.heal();

		// the confirmation of the fenced lease is a renewal too
		await().atMost(Duration.ofSeconds(5)).until(() -> lease.getState() == WorkerIdLease.State.ACTIVE);
		assertThat(this.keeper.getRenewals()).isGreaterThan(renewals);
		assertThat(lease.getTimeLeft()).isPositive();
		assertThat(this.keeper.getLeasesLost()).isZero();
	}

	private LeaseKeeper keeper(MillisClock clock) {
		LeaseKeeper keeper = new LeaseKeeper(this.store, new LeaseSettings(SnowflakeLayout.TWITTER, LeaseRange.WORKER_ID, 0,
				LeaseHolder.ofThisProcess(), System::nanoTime, clock, Duration.ofMillis(200), Duration.ofSeconds(10),
				Duration.ofSeconds(1)));
		this.keepers.add(keeper);
		return keeper;
	}

}
