package io.github.idgen.autoconfigure.zookeeper;

import java.nio.charset.StandardCharsets;

import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.cluster.LeafWorkersUnreadableException;
import io.github.idgen.cluster.LeaseTestSupport;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code xxx.common.zookeeper-leaf-workers}, on a real ZooKeeper server holding Leaf-shaped forever
 * nodes: one test per condition.
 */
@ExtendWith(OutputCaptureExtension.class)
class LeafWorkersAutoConfigurationTests {

	@RegisterExtension
	static final LeaseTestSupport zookeeper = LeaseTestSupport.withTestingServer();

	private static int paths;

	private final int run = ++paths;

	private final String path = "/leaf-autoconfig-" + this.run + "/worker_ids";

	private final String leafPath = "/snowflake/leaf-app-" + this.run + "/forever";

	private CuratorFramework leaf;

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class))
		.withPropertyValues("xxx.common.zookeeper-enabled=true",
				"xxx.common.zookeeper-addr=" + zookeeper.connectString(),
				"xxx.common.zookeeper-worker-ids-path=" + this.path, "xxx.common.zookeeper-session-timeout=2s",
				"xxx.common.zookeeper-connection-timeout=2s");

	@BeforeEach
	void connectLeaf() throws InterruptedException {
		this.leaf = CuratorFrameworkFactory.newClient(zookeeper.connectString(), new RetryOneTime(100));
		this.leaf.start();
		this.leaf.blockUntilConnected();
	}

	@AfterEach
	void closeLeaf() {
		this.leaf.close();
	}

	@Test
	void leafWorkersKeepsTheLeaseOffEveryWorkerIdALeafServerHolds(CapturedOutput output) throws Exception {
		for (int server = 0; server < 31; server++) {
			startLeafServer("10.0.0." + (server + 1));
		}
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-leaf-workers=" + this.leafPath).run((context) -> {
			WorkerIdLease lease = context.getBean(ClusterDeploymentImpl.class).currentLease();
			assertThat(lease).isNotNull();
			assertThat(lease.getWorkerId()).isEqualTo(31);
			assertThat(SnowflakeLayout.TWITTER.decompose(context.getBean(IdService.class).nextId()).workerId())
				.isEqualTo(31);
			assertThat(output).contains("Leasing none of the worker ids Leaf's Snowflake servers hold at "
					+ this.leafPath + ": [0..30]");
		});
	}

	@Test
	void aMissingLeafWorkersPathFailsTheStartNamingThePropertyAndThePath() {
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-leaf-workers=" + this.leafPath).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context).getFailure()
				.hasStackTraceContaining(LeafWorkersUnreadableException.class.getName())
				.hasStackTraceContaining("NoNode for " + this.leafPath);
			FailureAnalysis analysis = new LeafWorkersUnreadableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis).isNotNull();
			assertThat(analysis.getDescription()).contains("xxx.common.zookeeper-leaf-workers", this.leafPath,
					"no node at that path");
			assertThat(analysis.getAction()).contains("/snowflake/<leaf.name>/forever",
					"remove xxx.common.zookeeper-leaf-workers");
		});
	}

	@Test
	void aLeafWorkersPathWithANodeLeafWouldNotNameFailsTheStartNamingTheNode() throws Exception {
		startLeafServer("10.0.0.1");
		this.leaf.create().forPath(this.leafPath + "/10.0.0.2:8080");
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-leaf-workers=" + this.leafPath).run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = new LeafWorkersUnreadableFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("xxx.common.zookeeper-leaf-workers", this.leafPath,
					"'10.0.0.2:8080'");
		});
	}

	@Test
	void aLeafWorkersPathThatIsNotAnAbsolutePathFailsTheStartNamingTheProperty() {
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-leaf-workers=snowflake/leaf-app/forever")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context).getFailure()
					.rootCause()
					.hasMessageContaining("xxx.common.zookeeper-leaf-workers must be the absolute ZooKeeper path");
			});
	}

	@Test
	void leafWorkersWithALayoutWhoseNodeIdIsNotOnLeafsWorkerBitsFailsTheStartNamingBothKeys() throws Exception {
		startLeafServer("10.0.0.1");
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-leaf-workers=" + this.leafPath, "xxx.common.id-layout=custom",
					"xxx.common.id-sequence-bits=10")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context).getFailure()
					.rootCause()
					.isInstanceOf(InvalidConfigurationPropertyValueException.class)
					.hasMessageContaining("xxx.common.zookeeper-leaf-workers")
					.hasMessageContaining("10 sequence bits")
					.hasMessageContaining("xxx.common.id-layout=leaf");
			});
	}

	@Test
	void leafWorkersOutsideZooKeeperModeFailsTheStartRatherThanBeingIgnored() throws Exception {
		startLeafServer("10.0.0.1");
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-enabled=false", "xxx.common.zookeeper-leaf-workers=" + this.leafPath)
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context).getFailure()
					.rootCause()
					.hasMessageContaining("xxx.common.zookeeper-leaf-workers is set, but worker ids are not leased"
							+ " from ZooKeeper")
					.hasMessageContaining("xxx.common.zookeeper-enabled=true");
			});
	}

	@Test
	void withoutLeafWorkersLeafsNodesAreNotRead() throws Exception {
		this.leaf.create().creatingParentsIfNeeded().forPath(this.leafPath + "/not-a-leaf-node");
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(ClusterDeploymentImpl.class));
	}

	/** A forever node as Leaf's SnowflakeZookeeperHolder creates it. */
	private void startLeafServer(String ip) throws Exception {
		String data = "{\"ip\":\"" + ip + "\",\"port\":\"8080\",\"timestamp\":" + System.currentTimeMillis() + "}";
		this.leaf.create()
			.creatingParentsIfNeeded()
			.withMode(CreateMode.PERSISTENT_SEQUENTIAL)
			.forPath(this.leafPath + "/" + ip + ":8080-", data.getBytes(StandardCharsets.UTF_8));
	}

}
