package io.github.idgen.cluster;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import io.github.idgen.lease.LeaseHolder;
import io.github.idgen.lease.LeaseKeeper;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdLease;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.github.idgen.testsupport.Fields;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * The lease on a real ZooKeeper server: what is created, what is kept, what is given back.
 */
class ClusterDeploymentImplTests {

	@RegisterExtension
	static final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void getWorkerIdLeasesAnEphemeralNodeNamedAfterTheIdWithTheHolderAsData() throws Exception {
		ClusterDeploymentImpl deployment = support.startDeployment();
		assertThat(deployment.currentLease()).isNull();

		int workerId = deployment.getWorkerId();

		CuratorFramework operator = support.operatorClient();
		Stat stat = new Stat();
		byte[] data = operator.getData().storingStatIn(stat).forPath(support.path() + "/" + workerId);
		WorkerIdLease lease = deployment.currentLease();
		assertThat(lease).isNotNull();
		assertThat(lease.getPath()).isEqualTo(support.path() + "/" + workerId);
		assertThat(stat.getEphemeralOwner()).isEqualTo(lease.getSessionId()).isNotZero();
		LeaseHolder holder = LeaseHolder.parse(data);
		assertThat(holder.pid()).isEqualTo(ProcessHandle.current().pid());
		assertThat(holder.process()).startsWith(ProcessHandle.current().pid() + "@");
		assertThat(new String(data, StandardCharsets.UTF_8)).contains("host=", "startedAt=");
		assertThat(lease.isValid()).isTrue();
		assertThat(deployment.getDatacenterId()).isZero();
	}

	@Test
	void updateWorkerIdWithoutForceKeepsTheLeaseOfTheCurrentSession() {
		ClusterDeploymentImpl deployment = support.startDeployment();
		int workerId = deployment.getWorkerId();
		WorkerIdLease lease = deployment.currentLease();

		assertThat(deployment.updateWorkerId(false)).isEqualTo(workerId);
		assertThat(deployment.currentLease()).isSameAs(lease);
	}

	@Test
	void updateWorkerIdForcedGivesBackTheNodeAndLeasesAfresh() throws Exception {
		ClusterDeploymentImpl deployment = support.startDeployment();
		deployment.getWorkerId();
		WorkerIdLease first = deployment.currentLease();
		CuratorFramework operator = support.operatorClient();
		// only the id given back is free, so the fresh lease must create its node anew
		support.occupyAllBut(operator, first.getNodeId());
		long firstNode = operator.checkExists().forPath(first.getPath()).getCzxid();

		deployment.updateWorkerId(true);

		WorkerIdLease second = deployment.currentLease();
		assertThat(second).isNotSameAs(first);
		assertThat(first.getState()).isEqualTo(WorkerIdLease.State.RELEASED);
		assertThat(first.isValid()).isFalse();
		assertThat(second.getNodeId()).isEqualTo(first.getNodeId());
		Stat secondNode = operator.checkExists().forPath(second.getPath());
		assertThat(secondNode.getCzxid()).as("a node created after the first one was deleted").isGreaterThan(firstNode);
		assertThat(secondNode.getEphemeralOwner()).isEqualTo(second.getSessionId());
		assertThat(second.isValid()).isTrue();
	}

	@Test
	void aNodeOwnedByAnotherSessionIsNeverAdopted() throws Exception {
		CuratorFramework operator = support.operatorClient();
		for (int id = 0; id < 31; id++) {
			operator.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
				.forPath(support.path() + "/" + id);
		}
		ClusterDeploymentImpl deployment = support.startDeployment();

		assertThat(deployment.getWorkerId()).isEqualTo(31);
		for (int id = 0; id < 31; id++) {
			Stat stat = operator.checkExists().forPath(support.path() + "/" + id);
			assertThat(stat.getEphemeralOwner()).isEqualTo(operator.getZookeeperClient().getZooKeeper().getSessionId());
		}
	}

	@Test
	void aNodeOfADeadSessionOfThisVeryProcessIsNeverAdoptedThoughItsDataNamesThisProcess() throws Exception {
		CuratorFramework deadSession = support.startedClient(10_000);
		deadSession.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
			.forPath(support.path() + "/9", LeaseHolder.ofThisProcess().toBytes());
		CuratorFramework operator = support.operatorClient();
		for (int id = 0; id < 32; id++) {
			if (id != 9 && id != 10) {
				operator.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
					.forPath(support.path() + "/" + id);
			}
		}
		ClusterDeploymentImpl deployment = support.startDeployment();

		assertThat(deployment.getWorkerId()).isEqualTo(10);
		assertThat(operator.checkExists().forPath(support.path() + "/9").getEphemeralOwner())
			.isEqualTo(deadSession.getZookeeperClient().getZooKeeper().getSessionId());
		assertThat(deployment.updateWorkerId(false)).isEqualTo(10);
	}

	@Test
	void aLeaseFencedWithoutAnyConnectionEventIsConfirmedAgainByTheRenewal() {
		ClusterDeploymentImpl deployment = support.startDeployment();
		deployment.getWorkerId();
		WorkerIdLease lease = deployment.currentLease();

		// a renewal that failed on a live connection fences exactly like this, with no connection event
		LeaseKeeper keeper = (LeaseKeeper) Fields.read(deployment, "keeper");
		keeper.fence(lease, "lease not renewed in time: request timed out");

		assertThat(lease.isValid()).isFalse();
		await().atMost(Duration.ofSeconds(5)).until(lease::isValid);
		assertThat(lease.getState()).isEqualTo(WorkerIdLease.State.ACTIVE);
		assertThat(deployment.currentLease()).isSameAs(lease);
		assertThat(deployment.getReconnects()).isZero();
	}

	@Test
	void closeDeletesTheNodeSoAnotherInstanceLeasesTheIdAtOnce() throws Exception {
		ClusterDeploymentImpl first = support.startDeployment();
		int workerId = first.getWorkerId();
		CuratorFramework operator = support.operatorClient();
		// everything but the first instance's id is taken, so the next instance can only get that id
		for (int id = 0; id < 32; id++) {
			if (id != workerId) {
				operator.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
					.forPath(support.path() + "/" + id);
			}
		}

		first.close();

		assertThat(operator.checkExists().forPath(support.path() + "/" + workerId)).isNull();
		ClusterDeploymentImpl second = support.startDeployment();
		assertThat(second.getWorkerId()).isEqualTo(workerId);
		assertThat(first.currentLease().getState()).isEqualTo(WorkerIdLease.State.RELEASED);
	}

	@Test
	void nodeIdRangeLeasesDatacenterIdAndWorkerIdTogether() throws Exception {
		CuratorFramework operator = support.operatorClient();
		for (int id = 0; id < 1024; id++) {
			if (id != 777) {
				operator.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
					.forPath(support.path() + "/" + id);
			}
		}
		ClusterDeploymentImpl deployment = support.start(support.builder().leaseRange(LeaseRange.NODE_ID, 0).build());

		assertThat(deployment.getWorkerId()).isEqualTo(777 % 32);
		assertThat(deployment.getDatacenterId()).isEqualTo(777 / 32);
		assertThat(deployment.currentLease().getPath()).endsWith("/777");
	}

	@Test
	void workerIdRangeOfADatacenterNamesNodesAfterTheNodeId() {
		ClusterDeploymentImpl deployment = support.start(support.builder().leaseRange(LeaseRange.WORKER_ID, 3).build());

		int workerId = deployment.getWorkerId();

		assertThat(deployment.getDatacenterId()).isEqualTo(3);
		assertThat(deployment.currentLease().getNodeId()).isEqualTo(3 * 32 + workerId);
	}

	@Test
	void startFailsNamingTheAddressWhenZooKeeperIsUnreachable() throws Exception {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0)) {
			closedPort = socket.getLocalPort();
		}
		ClusterDeploymentImpl deployment = ClusterDeploymentImpl.builder("127.0.0.1:" + closedPort)
			.connectionTimeout(Duration.ofMillis(500))
			.build();

		assertThatExceptionOfType(ZooKeeperUnavailableException.class).isThrownBy(deployment::start)
			.withMessageContaining("127.0.0.1:" + closedPort)
			.withMessageContaining("500 ms");
		assertThatIllegalStateException().isThrownBy(() -> deployment.updateWorkerId(false))
			.withMessageContaining("CLOSED");
	}

}
