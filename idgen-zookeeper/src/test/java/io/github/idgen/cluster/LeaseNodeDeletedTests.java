package io.github.idgen.cluster;

import java.time.Duration;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 5: an operator deletes the lease node. The instance notices through its watch, stops
 * issuing with that lease and leases again.
 */
class LeaseNodeDeletedTests {

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void aDeletedNodeIsNoticedAndTheFreeIdLeasedAgain() throws Exception {
		ClusterDeploymentImpl deployment = this.support.startDeployment();
		IdServiceProxy proxy = this.support.proxy(deployment, Duration.ofSeconds(5));
		long before = proxy.nextId();
		WorkerIdLease old = proxy.getLease();
		CuratorFramework operator = this.support.operatorClient();

		operator.delete().forPath(old.getPath());

		await().atMost(Duration.ofSeconds(5)).until(() -> deployment.currentLease() != old);
		assertThat(old.getState()).isEqualTo(WorkerIdLease.State.RELEASED);
		assertThat(old.getReason()).isEqualTo("lease node deleted");
		WorkerIdLease renewed = deployment.currentLease();
		assertThat(renewed.getNodeId()).isEqualTo(old.getNodeId());
		assertThat(operator.checkExists().forPath(renewed.getPath()).getEphemeralOwner())
			.isEqualTo(renewed.getSessionId());
		assertThat(proxy.nextId()).isGreaterThan(before);
		assertThat(deployment.getLeasesTaken()).isEqualTo(2);
	}

	@Test
	void aNodeDeletedAndTakenByAnotherSessionMakesTheInstanceMoveToAnotherIdWithIncreasingIds() throws Exception {
		ClusterDeploymentImpl deployment = this.support.startDeployment();
		IdServiceProxy proxy = this.support.proxy(deployment, Duration.ofSeconds(5));
		long before = proxy.nextId();
		WorkerIdLease old = proxy.getLease();
		CuratorFramework operator = this.support.operatorClient();

		operator.inTransaction().delete().forPath(old.getPath()).and()
			.create().withMode(CreateMode.EPHEMERAL).forPath(old.getPath()).and().commit();

		await().atMost(Duration.ofSeconds(5)).until(() -> proxy.getLease() != old && proxy.getLease().isValid());
		long after = proxy.nextId();
		WorkerIdLease renewed = proxy.getLease();
		assertThat(renewed.getNodeId()).isNotEqualTo(old.getNodeId());
		assertThat(after).isGreaterThan(before);
		assertThat(SnowflakeLayout.TWITTER.decompose(after).workerId()).isEqualTo(renewed.getWorkerId());
		// the other session's node is left alone
		assertThat(operator.checkExists().forPath(old.getPath()).getEphemeralOwner())
			.isEqualTo(operator.getZookeeperClient().getZooKeeper().getSessionId());
	}

}
