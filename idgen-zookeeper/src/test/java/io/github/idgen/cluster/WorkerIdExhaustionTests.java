package io.github.idgen.cluster;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.testsupport.AtOnce;
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
		Set<Integer> workerIds = new HashSet<>(AtOnce.run(deployments, ClusterDeploymentImpl::getWorkerId));
		assertThat(workerIds).hasSize(32).allMatch((id) -> id >= 0 && id <= 31);

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
