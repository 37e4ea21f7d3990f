package io.github.idgen.cluster;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.github.idgen.lease.WorkerIdsExhaustedException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Scenario 1: 32 leasers at once, the 33rd, and an id coming free.
 */
class WorkerIdExhaustionTests {

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void thirtyTwoLeasersStartedAtOnceGetThirtyTwoDistinctIdsAndTheThirtyThirdFailsUntilOneCloses() throws Exception {
		List<ClusterDeploymentImpl> deployments = new ArrayList<>();
		for (int i = 0; i < 32; i++) {
			deployments.add(this.support.startDeployment());
		}
		CountDownLatch go = new CountDownLatch(1);
		ExecutorService pool = Executors.newFixedThreadPool(32);
		try {
			List<Future<Integer>> leased = new ArrayList<>();
			for (ClusterDeploymentImpl deployment : deployments) {
				leased.add(pool.submit(() -> {
					go.await();
					return deployment.getWorkerId();
				}));
			}
			go.countDown();
			Set<Integer> workerIds = new HashSet<>();
			for (Future<Integer> workerId : leased) {
				workerIds.add(workerId.get());
			}
			assertThat(workerIds).hasSize(32).allMatch((id) -> id >= 0 && id <= 31);
		}
		finally {
			pool.shutdownNow();
		}

		ClusterDeploymentImpl thirtyThird = this.support.startDeployment();
		assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(thirtyThird::getWorkerId)
			.withMessageContaining("Worker ids are exhausted")
			.withMessageContaining(this.support.path())
			.withMessageContaining("0..31")
			.withMessageContaining("32 holders")
			.satisfies((ex) -> assertThat(ex.getHolders()).isEqualTo(32));

		ClusterDeploymentImpl leaving = deployments.get(17);
		int freed = leaving.getWorkerId();
		leaving.close();
		assertThat(thirtyThird.getWorkerId()).isEqualTo(freed);
	}

}
