package io.github.idgen.cluster;

import java.time.Duration;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 2: the session expires. The proxy issues nothing until it holds a lease again, and the
 * new session never adopts the node its dead session still owns on the server.
 */
class SessionExpiryTests {

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void afterAClientSideExpiryNoIdIsIssuedUntilTheServerFreesTheOldNodeAndItIsLeasedAgain() throws Exception {
		CuratorFramework client = this.support.startedClient(2_000);
		ClusterDeploymentImpl deployment = this.support.startDeploymentOn(client);
		IdServiceProxy proxy = this.support.proxy(deployment, Duration.ofMillis(100));
		long before = proxy.nextId();
		WorkerIdLease old = deployment.currentLease();
		CuratorFramework operator = this.support.operatorClient();
		occupyAllBut(operator, old.getNodeId());

		client.getZookeeperClient().getZooKeeper().getTestable().injectSessionExpiration();

		await().atMost(Duration.ofSeconds(5))
			.until(() -> client.getZookeeperClient().isConnected()
					&& client.getZookeeperClient().getZooKeeper().getSessionId() != old.getSessionId());
		assertThat(old.isValid()).isFalse();
		// Usually the server still holds the old session's node until the session times out; the new
		// session must then neither adopt it nor issue. (When Curator's close of the old handle still
		// reaches the server, the node is gone at once and the id is simply free again.)
		Stat stillThere = operator.checkExists().forPath(old.getPath());
		if (stillThere != null && stillThere.getEphemeralOwner() == old.getSessionId()) {
			assertThatExceptionOfType(WorkerIdLeaseUnavailableException.class).isThrownBy(proxy::nextId)
				.withMessageContaining(old.getPath());
			assertThat(operator.checkExists().forPath(old.getPath()).getEphemeralOwner()).isEqualTo(old.getSessionId());
		}

		await().atMost(Duration.ofSeconds(15)).until(() -> proxy.getLease() != old && proxy.getLease().isValid());
		WorkerIdLease renewed = proxy.getLease();
		long after = proxy.nextId();
		assertThat(after).isGreaterThan(before);
		assertThat(renewed.getNodeId()).isEqualTo(old.getNodeId());
		assertThat(renewed.getFloorMillis()).as("its own id back: no wait for its own mark")
			.isEqualTo(old.getFloorMillis());
		assertThat(renewed.getSessionId()).isNotEqualTo(old.getSessionId())
			.isEqualTo(client.getZookeeperClient().getZooKeeper().getSessionId());
		assertThat(operator.checkExists().forPath(renewed.getPath()).getEphemeralOwner())
			.isEqualTo(renewed.getSessionId());
		assertThat(old.getState()).isEqualTo(WorkerIdLease.State.RELEASED);
	}

	@Test
	void afterAServerSideExpiryTheInstanceHoldsALeaseNoOtherLiveLeaserHolds() throws Exception {
		CuratorFramework client = this.support.startedClient(2_000);
		ClusterDeploymentImpl deployment = this.support.startDeploymentOn(client);
		IdServiceProxy proxy = this.support.proxy(deployment, Duration.ofSeconds(5));
		ClusterDeploymentImpl other = this.support.startDeployment();
		int otherWorkerId = other.getWorkerId();
		long before = proxy.nextId();
		WorkerIdLease old = proxy.getLease();

		this.support.expireOnServer(client);

		await().atMost(Duration.ofSeconds(10)).until(() -> proxy.getLease() != old && proxy.getLease().isValid());
		long after = proxy.nextId();
		WorkerIdLease renewed = proxy.getLease();
		assertThat(after).isGreaterThan(before);
		assertThat(renewed.getSessionId()).isNotEqualTo(old.getSessionId());
		assertThat(renewed.getWorkerId()).isNotEqualTo(otherWorkerId);
		assertThat(SnowflakeLayout.withDefaultEpoch().decompose(after).workerId()).isEqualTo(renewed.getWorkerId());
		if (renewed.getNodeId() == old.getNodeId()) {
			assertThat(renewed.getFloorMillis()).as("its own id back: no wait for its own mark")
				.isEqualTo(old.getFloorMillis());
		}
		CuratorFramework operator = this.support.operatorClient();
		assertThat(operator.checkExists().forPath(renewed.getPath()).getEphemeralOwner())
			.isEqualTo(renewed.getSessionId());
		assertThat(old.getState()).isEqualTo(WorkerIdLease.State.RELEASED);
	}

	private void occupyAllBut(CuratorFramework operator, int freeNodeId) throws Exception {
		for (int id = 0; id < 32; id++) {
			if (id != freeNodeId) {
				operator.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
					.forPath(this.support.path() + "/" + id);
			}
		}
	}

}
