package io.github.idgen.cluster;

import java.time.Duration;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.ClientSideExpiry;
import org.apache.zookeeper.ZooKeeper;
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
	void afterAClientSideExpiryNoIdIsIssuedWhileTheServerKeepsTheOldNodeAndTheIdIsLeasedAgainOnceFreed()
			throws Exception {
		// the twin handle must reach the server before the server times the old session out
		CuratorFramework client = this.support.startedClient(8_000);
		ClusterDeploymentImpl deployment = this.support.startDeploymentOn(client);
		IdServiceProxy proxy = this.support.proxy(deployment, Duration.ofMillis(100));
		long before = proxy.nextId();
		WorkerIdLease old = deployment.currentLease();
		CuratorFramework operator = this.support.operatorClient();
		this.support.occupyAllBut(operator, old.getNodeId());
		ZooKeeper expired = client.getZookeeperClient().getZooKeeper();

		ClientSideExpiry.inject(expired);
		// the client gave its session up, but the server keeps it and its node for as long as a handle on
		// it lives, as it does for a session timeout after a real client-side expiry
		ZooKeeper oldSession = this.support.resumeSession(expired.getSessionId(), expired.getSessionPasswd());

		await().atMost(Duration.ofSeconds(5))
			.until(() -> client.getZookeeperClient().isConnected()
					&& client.getZookeeperClient().getZooKeeper().getSessionId() != old.getSessionId());
		assertThat(old.isValid()).isFalse();
		await().during(Duration.ofSeconds(1)).atMost(Duration.ofSeconds(3)).until(() -> {
			assertThatExceptionOfType(WorkerIdLeaseUnavailableException.class).isThrownBy(proxy::nextId)
				.withMessageContaining(old.getPath());
			assertThat(operator.checkExists().forPath(old.getPath()).getEphemeralOwner())
				.as("the new session never adopts the node of the old one").isEqualTo(old.getSessionId());
			return true;
		});

		oldSession.close();

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
	void afterAServerSideExpiryTheInstanceGetsItsOwnIdBackWithoutWaitingForItsOwnMark() throws Exception {
		CuratorFramework client = this.support.startedClient(2_000);
		ClusterDeploymentImpl deployment = this.support.startDeploymentOn(client);
		IdServiceProxy proxy = this.support.proxy(deployment, Duration.ofSeconds(5));
		ClusterDeploymentImpl other = this.support.startDeployment();
		int otherWorkerId = other.getWorkerId();
		long before = proxy.nextId();
		WorkerIdLease old = proxy.getLease();
		CuratorFramework operator = this.support.operatorClient();
		this.support.occupyAllBut(operator, old.getNodeId(), otherWorkerId);

		this.support.expireOnServer(client);

		await().atMost(Duration.ofSeconds(10)).until(() -> proxy.getLease() != old && proxy.getLease().isValid());
		long after = proxy.nextId();
		WorkerIdLease renewed = proxy.getLease();
		assertThat(after).isGreaterThan(before);
		assertThat(renewed.getSessionId()).isNotEqualTo(old.getSessionId());
		assertThat(renewed.getNodeId()).isEqualTo(old.getNodeId());
		assertThat(renewed.getFloorMillis()).as("its own id back: no wait for its own mark")
			.isEqualTo(old.getFloorMillis());
		assertThat(SnowflakeLayout.TWITTER.decompose(after).workerId()).isEqualTo(renewed.getWorkerId())
			.isNotEqualTo(otherWorkerId);
		assertThat(other.currentLease().isValid()).isTrue();
		assertThat(operator.checkExists().forPath(renewed.getPath()).getEphemeralOwner())
			.isEqualTo(renewed.getSessionId());
		assertThat(old.getState()).isEqualTo(WorkerIdLease.State.RELEASED);
	}

}
