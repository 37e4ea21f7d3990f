package io.github.idgen.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The lease range follows the layout, on a real ZooKeeper server: a layout of 2 datacenter and 3
 * worker bits has 8 worker ids per datacenter and 32 node ids, and lease nodes and mark records exist
 * for those node ids only.
 */
class LayoutLeaseRangeTests {

	private static final SnowflakeLayout SMALL = SnowflakeLayout.builder().datacenterBits(2).workerBits(3).build();

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void theWorkerIdRangeIsTheLayoutsWorkerIdsOfTheDatacenterAndOneMoreLeaserIsRefused() throws Exception {
		List<Integer> nodeIds = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			ClusterDeploymentImpl deployment = this.support
				.start(this.support.builder().layout(SMALL).leaseRange(LeaseRange.WORKER_ID, 2).build());
			deployment.getWorkerId();
			assertThat(deployment.getDatacenterId()).isEqualTo(2);
			nodeIds.add(deployment.currentLease().getNodeId());
		}
		assertThat(nodeIds).containsExactlyInAnyOrderElementsOf(range(16, 23));

		ClusterDeploymentImpl ninth = this.support
			.start(this.support.builder().layout(SMALL).leaseRange(LeaseRange.WORKER_ID, 2).build());
		assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(ninth::getWorkerId)
			.withMessageContaining("all 8 leases 16..23")
			.satisfies((ex) -> assertThat(ex.getHolders()).isEqualTo(8));
		assertThat(nodesOnTheServer()).isEqualTo(range(16, 23));
		assertThat(recordsOnTheServer()).isEqualTo(range(16, 23));
	}

	@Test
	void theNodeIdRangeIsEveryNodeIdOfTheLayout() throws Exception {
		List<Integer> nodeIds = new ArrayList<>();
		for (int i = 0; i < 32; i++) {
			ClusterDeploymentImpl deployment = this.support
				.start(this.support.builder().layout(SMALL).leaseRange(LeaseRange.NODE_ID, 0).build());
			deployment.getWorkerId();
			nodeIds.add(deployment.currentLease().getNodeId());
			assertThat(SMALL.nodeId(deployment.getDatacenterId(), deployment.getWorkerId()))
				.isEqualTo(deployment.currentLease().getNodeId());
		}
		assertThat(nodeIds).containsExactlyInAnyOrderElementsOf(range(0, 31));

		ClusterDeploymentImpl thirtyThird = this.support
			.start(this.support.builder().layout(SMALL).leaseRange(LeaseRange.NODE_ID, 0).build());
		assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(thirtyThird::getWorkerId)
			.withMessageContaining("all 32 leases 0..31");
		assertThat(nodesOnTheServer()).isEqualTo(range(0, 31));
	}

	@Test
	void aDatacenterIdTheLayoutCannotHoldIsRefusedWhenTheDeploymentIsBuilt() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> this.support.builder().layout(SMALL).leaseRange(LeaseRange.WORKER_ID, 4).build())
			.withMessage("datacenterId must be between 0 and 3, was 4");
	}

	private Set<Integer> nodesOnTheServer() throws Exception {
		CuratorFramework operator = this.support.operatorClient();
		return operator.getChildren()
			.forPath(this.support.path())
			.stream()
			.filter((child) -> !child.equals(ClusterDeploymentImpl.MARKS))
			.map(Integer::valueOf)
			.collect(Collectors.toCollection(TreeSet::new));
	}

	private Set<Integer> recordsOnTheServer() throws Exception {
		return this.support.operatorClient()
			.getChildren()
			.forPath(this.support.path() + "/" + ClusterDeploymentImpl.MARKS)
			.stream()
			.map(Integer::valueOf)
			.collect(Collectors.toCollection(TreeSet::new));
	}

	private static Set<Integer> range(int first, int last) {
		return IntStream.rangeClosed(first, last).boxed().collect(Collectors.toCollection(TreeSet::new));
	}

}
