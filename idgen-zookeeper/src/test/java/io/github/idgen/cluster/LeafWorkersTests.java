package io.github.idgen.cluster;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.snowflake.LibraryLayouts;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * Worker ids of Leaf's Snowflake servers on the same ZooKeeper: their {@code forever} nodes are made
 * here as Leaf makes them (PERSISTENT_SEQUENTIAL, {@code <ip>:<port>-} plus ZooKeeper's sequence, data
 * {@code {"ip","port","timestamp"}}), and idgen must never lease the sequence numbers.
 */
class LeafWorkersTests {

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	private final String leafPath = "/snowflake/leaf-app/forever";

	@Test
	void idgenLeasesNoneOfTheWorkerIdsOfLeafsForeverNodes() throws Exception {
		CuratorFramework leaf = this.support.operatorClient();
		for (int server = 0; server < 20; server++) {
			assertThat(startLeafServer(leaf, "10.0.0." + (server + 1))).endsWith(String.format("-%010d", server));
		}
		List<ClusterDeploymentImpl> deployments = new ArrayList<>();
		Set<Integer> workerIds = new HashSet<>();
		for (int i = 0; i < 12; i++) {
			ClusterDeploymentImpl deployment = this.support.start(leafAware().build());
			deployments.add(deployment);
			workerIds.add(deployment.getWorkerId());
		}
		assertThat(workerIds).hasSize(12).allMatch((id) -> id >= 20 && id <= 31);
		assertThatExceptionOfType(WorkerIdsExhaustedException.class)
			.isThrownBy(() -> this.support.start(leafAware().build()).getWorkerId());
	}

	@Test
	void withLeafsLayoutIdgenLeasesAmongLeafsThousandTwentyFourWorkerIdsNoneALeafNodeHolds() throws Exception {
		CuratorFramework leaf = this.support.operatorClient();
		for (int server = 0; server < 1000; server++) {
			startLeafServer(leaf, "10.1." + (server / 250) + "." + (server % 250 + 1));
		}
		Set<Integer> workerIds = new HashSet<>();
		for (int i = 0; i < 24; i++) {
			workerIds.add(this.support.start(leafAware().layout(LibraryLayouts.LEAF).build()).getWorkerId());
		}
		assertThat(workerIds).hasSize(24).allMatch((id) -> id >= 1000 && id <= 1023);
	}

	@Test
	void aLeafNodeCreatedWhileIdgenRunsIsNotLeasedAtTheNextAcquisitionAndIsLeasedOnceDeleted() throws Exception {
		CuratorFramework leaf = this.support.operatorClient();
		for (int server = 0; server < 29; server++) {
			startLeafServer(leaf, "10.0.1." + (server + 1));
		}
		this.support.occupyAllBut(leaf, rangeClosed(0, 29));
		ClusterDeploymentImpl deployment = this.support.start(leafAware().build());
		String lateLeaf = startLeafServer(leaf, "10.0.2.1");
		assertThat(lateLeaf).endsWith("-0000000029");

		assertThatExceptionOfType(WorkerIdsExhaustedException.class).isThrownBy(deployment::getWorkerId);

		// the Leaf server is gone for good: its node is deleted, which gives its worker id back
		leaf.delete().forPath(lateLeaf);
		assertThat(deployment.getWorkerId()).isEqualTo(29);
	}

	@Test
	void aLeaseWhoseWorkerIdALeafServerStartedLaterTakesIsGivenUpAndIdgenMovesToAFreeId() throws Exception {
		CuratorFramework leaf = this.support.operatorClient();
		for (int server = 0; server < 30; server++) {
			startLeafServer(leaf, "10.0.3." + (server + 1));
		}
		this.support.occupyAllBut(leaf, rangeClosed(0, 30));
		ClusterDeploymentImpl deployment = this.support.start(leafAware().build());
		assertThat(deployment.getWorkerId()).isEqualTo(30);

		startLeafServer(leaf, "10.0.4.1"); // takes sequence number 30, whatever idgen holds
		await().atMost(Duration.ofSeconds(10)).until(() -> {
			WorkerIdLease lease = deployment.currentLease();
			return lease == null || lease.getState() != WorkerIdLease.State.ACTIVE || lease.getNodeId() != 30;
		});
		await().atMost(Duration.ofSeconds(10)).until(() -> leaf.checkExists().forPath(this.support.path() + "/30") == null);

		leaf.delete().forPath(this.support.path() + "/31");
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(deployment.getWorkerId()).isEqualTo(31));
	}

	@Test
	void deletingLeafsWholePathWhileIdgenRunsGivesEveryWorkerIdBackWithoutStoppingItsIds() throws Exception {
		CuratorFramework leaf = this.support.operatorClient();
		for (int server = 0; server < 30; server++) {
			startLeafServer(leaf, "10.0.6." + (server + 1));
		}
		this.support.occupyAllBut(leaf, rangeClosed(0, 30));
		ClusterDeploymentImpl running = this.support.start(leafAware().build());
		assertThat(running.getWorkerId()).isEqualTo(30);

		leaf.delete().deletingChildrenIfNeeded().forPath(this.leafPath);
		// renewals went on reading the missing path: the lease is still proven
		Thread.sleep(LeaseTestSupport.SESSION_TIMEOUT.toMillis());
		WorkerIdLease lease = running.currentLease();
		assertThat(lease).isNotNull();
		assertThat(lease.getNodeId()).isEqualTo(30);
		assertThat(lease.isValid()).isTrue();
		assertThat(running.updateWorkerId(true)).isBetween(0, 30);

		// a path missing at start is taken for a wrong path, and refused
		ClusterDeploymentImpl next = leafAware().build();
		assertThatExceptionOfType(LeafWorkersUnreadableException.class).isThrownBy(next::start);
	}

	@Test
	void aNodeNotNamedAsLeafNamesItsNodesAddedWhileIdgenRunsStopsItsIdsUntilItIsGone() throws Exception {
		CuratorFramework leaf = this.support.operatorClient();
		startLeafServer(leaf, "10.0.7.1");
		ClusterDeploymentImpl deployment = this.support.start(leafAware().build());
		int workerId = deployment.getWorkerId();

		leaf.create().forPath(this.leafPath + "/copied-by-hand");
		await().atMost(Duration.ofSeconds(10)).until(() -> {
			WorkerIdLease lease = deployment.currentLease();
			return lease == null || !lease.isValid();
		});

		leaf.delete().forPath(this.leafPath + "/copied-by-hand");
		await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
			WorkerIdLease lease = deployment.currentLease();
			assertThat(lease).isNotNull();
			assertThat(lease.isValid()).isTrue();
			assertThat(lease.getNodeId()).isNotZero();
		});
		assertThat(workerId).isNotZero();
	}

	@Test
	void aNodeThatIsNotNamedAsLeafNamesItsNodesStopsTheStart() throws Exception {
		CuratorFramework leaf = this.support.operatorClient();
		startLeafServer(leaf, "10.0.5.1");
		leaf.create().forPath(this.leafPath + "/backup-2026");
		ClusterDeploymentImpl deployment = leafAware().build();
		assertThatExceptionOfType(LeafWorkersUnreadableException.class).isThrownBy(deployment::start)
			.withMessageContaining(this.leafPath)
			.withMessageContaining("'backup-2026'")
			.withMessageContaining("<ip>:<port>-<ten-digit sequence>");
	}

	@Test
	void aMissingLeafPathStopsTheStart() {
		ClusterDeploymentImpl deployment = leafAware().build();
		assertThatExceptionOfType(LeafWorkersUnreadableException.class).isThrownBy(deployment::start)
			.withMessageContaining(this.leafPath)
			.withMessageContaining("no node at that path")
			.withMessageContaining("/snowflake/<leaf.name>/forever");
	}

	@Test
	void aLeafPathIdgenMayNotReadStopsTheStart() throws Exception {
		CuratorFramework leaf = this.support.operatorClient();
		leaf.create().creatingParentsIfNeeded().forPath("/snowflake/leaf-app");
		Id leafOnly = new Id("digest", DigestAuthenticationProvider.generateDigest("leaf:secret"));
		leaf.create().withACL(List.of(new ACL(ZooDefs.Perms.ALL, leafOnly))).forPath(this.leafPath);
		ClusterDeploymentImpl deployment = leafAware().build();
		assertThatExceptionOfType(LeafWorkersUnreadableException.class).isThrownBy(deployment::start)
			.withMessageContaining(this.leafPath)
			.withMessageContaining("denies reading it")
			.withMessageContaining("IdgenCuratorCustomizer");
	}

	@Test
	void aLayoutWhoseNodeIdsAreNotOnLeafsWorkerBitsIsRefused() {
		SnowflakeLayout eightSequenceBits = SnowflakeLayout.builder().sequenceBits(8).build();
		assertThatIllegalStateException()
			.isThrownBy(() -> leafAware().layout(eightSequenceBits).build())
			.withMessageContaining("10 bits above its 12 sequence bits")
			.withMessageContaining("8 sequence");
	}

	@Test
	void theStartUpLineNamesLeafsWorkerIdsAsRuns() {
		assertThat(ClusterDeploymentImpl.runs(List.of(0, 1))).isEqualTo("[0, 1]");
		assertThat(ClusterDeploymentImpl.runs(List.of(0, 1, 2, 3, 7, 9, 10))).isEqualTo("[0..3, 7, 9, 10]");
		assertThat(ClusterDeploymentImpl.runs(List.of(5))).isEqualTo("[5]");
	}

	/** Creates a Leaf server's node as Leaf's SnowflakeZookeeperHolder does, and returns its path. */
	private String startLeafServer(CuratorFramework leaf, String ip) throws Exception {
		String data = "{\"ip\":\"" + ip + "\",\"port\":\"8080\",\"timestamp\":" + System.currentTimeMillis() + "}";
		return leaf.create()
			.creatingParentsIfNeeded()
			.withMode(CreateMode.PERSISTENT_SEQUENTIAL)
			.forPath(this.leafPath + "/" + ip + ":8080-", data.getBytes(StandardCharsets.UTF_8));
	}

	private ClusterDeploymentBuilder leafAware() {
		return this.support.builder().leafWorkersPath(this.leafPath);
	}

	private static int[] rangeClosed(int first, int last) {
		return java.util.stream.IntStream.rangeClosed(first, last).toArray();
	}

}
