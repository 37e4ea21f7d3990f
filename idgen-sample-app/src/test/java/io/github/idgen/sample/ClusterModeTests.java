package io.github.idgen.sample;

import java.nio.charset.StandardCharsets;

import io.github.idgen.autoconfigure.zookeeper.ZooKeeperConnectionDetails;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.IdService;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample's default configuration, cluster mode without {@code xxx.common.zookeeper-addr}: the app
 * starts an embedded ZooKeeper, offers it as idgen's {@link ZooKeeperConnectionDetails} and leases
 * its worker id from it. Same configuration as
 * {@link IdEndpointsTests}, so the two share one application context.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "sample.embedded-zookeeper.port=0")
class ClusterModeTests {

	@Autowired
	private Environment environment;

	@Autowired
	private EmbeddedZooKeeper embeddedZooKeeper;

	@Autowired
	private ZooKeeperConnectionDetails connectionDetails;

	@Autowired
	private IdService idService;

	@Test
	void embeddedZooKeeperRunsOnAFreePortAndIdgenConnectsToIt() {
		assertThat(this.embeddedZooKeeper.isRunning()).isTrue();
		assertThat(this.embeddedZooKeeper.getPort()).isPositive().isNotEqualTo(2181);
		assertThat(this.connectionDetails.getConnectString()).isEqualTo("127.0.0.1:" + this.embeddedZooKeeper.getPort());
		assertThat(this.environment.containsProperty("xxx.common.zookeeper-addr")).isFalse();
	}

	@Test
	void leasesItsWorkerIdFromTheEmbeddedZooKeeper() throws Exception {
		assertThat(this.idService).isInstanceOf(IdServiceProxy.class);
		WorkerIdLease lease = ((IdServiceProxy) this.idService).getLease();
		assertThat(lease.isValid()).isTrue();
		assertThat(lease.getPath()).isEqualTo("/idgen/worker_ids/" + lease.getNodeId());
		try (CuratorFramework client = CuratorFrameworkFactory.newClient(this.embeddedZooKeeper.getConnectString(),
				new RetryOneTime(100))) {
			client.start();
			Stat stat = new Stat();
			byte[] data = client.getData().storingStatIn(stat).forPath(lease.getPath());
			assertThat(stat.getEphemeralOwner()).isEqualTo(lease.getSessionId());
			assertThat(new String(data, StandardCharsets.UTF_8)).contains("pid=" + ProcessHandle.current().pid());
		}
	}

}
