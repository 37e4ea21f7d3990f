package io.github.idgen.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.AtOnce;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * 1024 instances' worth of leases on the node range of {@link SnowflakeLayout#JAVASCRIPT_SAFE}, on a
 * real ZooKeeper server: every node id leased once, every instance's ids below 2^53 and distinct, and
 * the 1025th instance refused. The instances share 16 sessions (a deployment's lease node carries its
 * own token, so instances on one session never share a node id) to keep the test to seconds.
 */
class JavaScriptSafeNodeRangeTests {

	private static final int INSTANCES = 1024;

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void everyNodeIdIsLeasedOnceAndThe1025thInstanceIsRefused() throws Exception {
		List<CuratorFramework> sessions = new ArrayList<>();
		for (int i = 0; i < 16; i++) {
			sessions.add(this.support.startedClient(10_000));
		}
		List<ClusterDeploymentImpl> deployments = new ArrayList<>();
		for (int i = 0; i <= INSTANCES; i++) {
			// slow renewals and marks: a thousand keepers on a two-core machine
			deployments.add(this.support.start(this.support.builderOn(sessions.get(i % sessions.size()))
				.layout(SnowflakeLayout.JAVASCRIPT_SAFE)
				.leaseRange(LeaseRange.NODE_ID, 0)
				.markInterval(Duration.ofSeconds(5))
				.markMaxWait(Duration.ofSeconds(30))
				.build()));
		}
		ClusterDeploymentImpl extra = deployments.remove(INSTANCES);

		// every deployment leases at once, then issues an id with a proxy of its layout
		List<Long> ids = AtOnce.run(deployments, (deployment) -> {
			deployment.getWorkerId();
			return this.support.proxy(deployment, Duration.ofSeconds(5)).nextId();
		});

		Set<Integer> nodeIds = new HashSet<>();
		deployments.forEach((deployment) -> nodeIds.add(deployment.currentLease().getNodeId()));
		assertThat(nodeIds).hasSize(INSTANCES).allMatch((nodeId) -> nodeId >= 0 && nodeId < INSTANCES);
		assertThat(new HashSet<>(ids)).hasSize(INSTANCES);
		assertThat(ids).allSatisfy((id) -> assertThat(id).isLessThan(1L << 53));
		assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(extra::getWorkerId)
			.withMessageContaining("all 1024 leases 0..1023")
			.satisfies((ex) -> assertThat(ex.getHolders()).isEqualTo(INSTANCES));
	}

}
