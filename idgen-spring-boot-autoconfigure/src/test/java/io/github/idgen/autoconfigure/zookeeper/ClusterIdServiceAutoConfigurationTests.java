package io.github.idgen.autoconfigure.zookeeper;

import java.net.ServerSocket;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.github.idgen.autoconfigure.CommonProperties;
import io.github.idgen.autoconfigure.LeaseProperties;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.cluster.LeaseTestSupport;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.cluster.ZooKeeperUnavailableException;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Cluster mode's wiring, on a real ZooKeeper server.
 */
class ClusterIdServiceAutoConfigurationTests {

	@RegisterExtension
	static final LeaseTestSupport zookeeper = LeaseTestSupport.withTestingServer();

	private static int paths;

	private final String path = "/autoconfig-" + (++paths) + "/worker_ids";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class))
		.withPropertyValues("xxx.common.zookeeper-enabled=true",
				"xxx.common.zookeeper-addr=" + zookeeper.connectString(),
				"xxx.common.zookeeper-worker-ids-path=" + this.path, "xxx.common.zookeeper-session-timeout=2s",
				"xxx.common.zookeeper-connection-timeout=2s");

	@Test
	void zookeeperEnabledLeasesAWorkerIdAndServesIdsThroughTheProxy() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(ClusterDeployment.class).hasSingleBean(IdService.class);
			assertThat(context).doesNotHaveBean(IdServiceTwitter.class);
			assertThat(context).getBean("idService").isInstanceOf(IdServiceProxy.class);
			ClusterDeploymentImpl deployment = context.getBean(ClusterDeploymentImpl.class);
			WorkerIdLease lease = deployment.currentLease();
			assertThat(lease).isNotNull();
			assertThat(lease.getPath()).startsWith(this.path + "/");
			SnowflakeId id = SnowflakeLayout.TWITTER.decompose(context.getBean(IdService.class).nextId());
			assertThat(id.workerId()).isEqualTo(lease.getWorkerId());
			assertThat(id.datacenterId()).isZero();
		});
	}

	@Test
	void zookeeperEnabledWrittenYesLeasesAsTheSettingsBindIt() {
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-enabled=yes").run((context) -> {
			assertThat(context.getBean(CommonProperties.class).isZookeeperEnabled()).isTrue();
			assertThat(context).hasSingleBean(ClusterDeployment.class).doesNotHaveBean(IdServiceTwitter.class);
			assertThat(context.getBean(ClusterDeploymentImpl.class).currentLease().getPath()).startsWith(this.path + "/");
		});
	}

	@Test
	void clusterModeDescribesTheProxyAndItsLeaseToOperators() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(IdServiceInfo.class).hasSingleBean(ClusterIdServiceInfo.class);
			IdServiceInfo info = context.getBean(IdServiceInfo.class);
			WorkerIdLease lease = context.getBean(IdServiceProxy.class).getLease();
			context.getBean(IdService.class).nextIds(3);
			assertThat(info.mode()).isEqualTo("cluster");
			assertThat(info.workerId()).isEqualTo(lease.getWorkerId());
			assertThat(info.whyNotIssuing()).isNull();
			assertThat(info.counters().issuedIds()).isEqualTo(3);
			LeaseInfo described = info.lease();
			assertThat(described.path()).isEqualTo(lease.getPath());
			assertThat(described.backend()).isEqualTo(LeaseInfo.Backend.ZOOKEEPER);
			assertThat(described.sessionId()).isEqualTo("0x" + Long.toHexString(lease.getSessionId()));
			assertThat(described.holder().token()).isEqualTo(lease.getHolder().token()).isNotBlank();
			assertThat(described.state()).isEqualTo("ACTIVE");
			assertThat(described.counters().leasesTaken()).isEqualTo(1);
		});
	}

	@Test
	void clusterModeTellsChangeListenersWhenTheLeaseIsFenced() throws Exception {
		this.contextRunner.run((context) -> {
			CountDownLatch changed = new CountDownLatch(1);
			context.getBean(IdServiceInfo.class).addChangeListener(changed::countDown);
			zookeeper.server().stop();
			try {
				assertThat(changed.await(5, TimeUnit.SECONDS)).isTrue();
				assertThat(context.getBean(IdServiceInfo.class).whyNotIssuing())
					.isEqualTo("connection to ZooKeeper suspended");
			}
			finally {
				zookeeper.server().restart();
			}
		});
	}

	@Test
	void clusterPropertiesAreBoundIntoTheLeaseAndTheGeneratorAlsoUnderTheFormerNamesOfTheLeaseKeys() {
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-lease-range=node-id", "xxx.common.id-epoch=2020-01-01T00:00:00Z",
					"xxx.common.zookeeper-lease-wait-timeout=150ms", "xxx.common.id-clock-backwards-tolerance=20ms")
			.run((context) -> {
				ClusterDeploymentImpl deployment = context.getBean(ClusterDeploymentImpl.class);
				assertThat(deployment.getRange()).isEqualTo(LeaseRange.NODE_ID);
				assertThat(deployment.getPath()).isEqualTo(this.path);
				IdServiceProxy proxy = context.getBean(IdServiceProxy.class);
				assertThat(proxy.getGenerator().getLayout().epoch()).hasToString("2020-01-01T00:00:00Z");
				assertThat(proxy.getGenerator().getClockBackwardsTolerance()).hasMillis(20);
				assertThat(context.getBean(LeaseProperties.class).getLeaseWaitTimeout()).hasMillis(150);
				CommonProperties properties = context.getBean(CommonProperties.class);
				assertThat(properties.getZookeeperSessionTimeout()).hasSeconds(2);
			});
	}

	@Test
	void instanceNameAndMarkIntervalAreBoundIntoTheLease() {
		this.contextRunner
			.withPropertyValues("xxx.common.instance-name=orders-3", "xxx.common.lease-mark-interval=5s",
					"xxx.common.lease-mark-max-wait=11s")
			.run((context) -> {
				ClusterDeploymentImpl deployment = context.getBean(ClusterDeploymentImpl.class);
				assertThat(deployment.getHolder().instanceName()).isEqualTo("orders-3");
				long ahead = deployment.currentLease().getMarkMillis() - System.currentTimeMillis();
				assertThat(ahead).as("the mark is written twice the interval ahead").isBetween(8_000L, 10_000L);
			});
	}

	@Test
	void anInstanceNameThatCannotBeStoredFailsStartUpNamingTheProperty() {
		this.contextRunner.withPropertyValues("xxx.common.instance-name=pod 3\nx").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context).getFailure().rootCause().hasMessageContaining("xxx.common.instance-name must be");
		});
	}

	@Test
	void datacenterIdChoosesTheWorkerIdRangeToLeaseFrom() {
		this.contextRunner.withPropertyValues("xxx.common.id-data-center-id=7").run((context) -> {
			WorkerIdLease lease = context.getBean(ClusterDeploymentImpl.class).currentLease();
			assertThat(lease.getDatacenterId()).isEqualTo(7);
			assertThat(lease.getNodeId()).isBetween(7 * 32, 7 * 32 + 31);
		});
	}

	@Test
	void closingTheContextDeletesTheLeaseNodeAtOnce() throws Exception {
		String[] leasePath = new String[1];
		this.contextRunner.run((context) -> leasePath[0] = context.getBean(ClusterDeploymentImpl.class)
			.currentLease()
			.getPath());

		try (CuratorFramework operator = CuratorFrameworkFactory.newClient(zookeeper.connectString(),
				new RetryOneTime(100))) {
			operator.start();
			assertThat(operator.checkExists().forPath(leasePath[0])).isNull();
		}
	}

	@Test
	void aUserIdServiceMakesTheProxyBackOff() {
		this.contextRunner.withUserConfiguration(UserIdServiceConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(IdService.class).doesNotHaveBean(IdServiceProxy.class);
			assertThat(context).getBean(IdService.class).isSameAs(context.getBean("userIdService"));
		});
	}

	@Test
	void unreachableZooKeeperFailsStartUpNamingTheAddress() throws Exception {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0)) {
			closedPort = socket.getLocalPort();
		}
		int port = closedPort;
		this.contextRunner
			.withPropertyValues("xxx.common.zookeeper-addr=127.0.0.1:" + port,
					"xxx.common.zookeeper-connection-timeout=300ms")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context).getFailure()
					.rootCause()
					.isInstanceOf(ZooKeeperUnavailableException.class)
					.hasMessageContaining("127.0.0.1:" + port)
					.hasMessageContaining("within 300 ms");
			});
	}

	@Test
	void noFreeWorkerIdFailsStartUpWithTheExhaustionMessage() throws Exception {
		try (CuratorFramework operator = CuratorFrameworkFactory.newClient(zookeeper.connectString(),
				new RetryOneTime(100))) {
			operator.start();
			for (int id = 0; id < 32; id++) {
				operator.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
					.forPath(this.path + "/" + id);
			}
			this.contextRunner.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context).getFailure()
					.rootCause()
					.isInstanceOf(WorkerIdsExhaustedException.class)
					.hasMessageContaining(this.path)
					.hasMessageContaining("32 holders");
			});
		}
	}

	@Test
	void zookeeperEnabledWithoutCuratorOnTheClasspathFailsStartUpSayingWhatIsMissing() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(CuratorFramework.class)).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context).getFailure()
				.rootCause()
				.isInstanceOf(MissingCuratorException.class)
				.hasMessageContaining("xxx.common.zookeeper-enabled=true")
				.hasMessageContaining("org.apache.curator.framework.CuratorFramework is not on the classpath");
		});
	}

	@Test
	void zookeeperDisabledCreatesNoDeployment() {
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(ClusterDeployment.class);
			assertThat(context).getBean("idService").isInstanceOf(IdServiceTwitter.class);
		});
	}

	@Test
	void aCuratorFrameworkBeanOfTheContextIsUsedAndLeftOpen() throws Exception {
		try (CuratorFramework userClient = CuratorFrameworkFactory.newClient(zookeeper.connectString(),
				new RetryOneTime(100))) {
			userClient.start();
			this.contextRunner.withPropertyValues("xxx.common.zookeeper-addr=unused:1")
				.withBean(CuratorFramework.class, () -> userClient, (definition) -> definition.setDestroyMethodName(""))
				.run((context) -> {
					WorkerIdLease lease = context.getBean(ClusterDeploymentImpl.class).currentLease();
					assertThat(lease.getSessionId()).isEqualTo(userClient.getZookeeperClient().getZooKeeper().getSessionId());
					assertThat(userClient.checkExists().forPath(lease.getPath())).isNotNull();
				});
			assertThat(userClient.getState()).isEqualTo(CuratorFrameworkState.STARTED);
			assertThat(userClient.getChildren().forPath(this.path)).as("only the high-water marks remain")
				.containsExactly(ClusterDeploymentImpl.MARKS);
		}
	}

	@Test
	void withoutAConnectionDetailsBeanTheAddressPropertyBacksThem() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(ZooKeeperConnectionDetails.class)
				.hasSingleBean(PropertiesZooKeeperConnectionDetails.class);
			assertThat(context.getBean(ZooKeeperConnectionDetails.class).getConnectString())
				.isEqualTo(zookeeper.connectString());
		});
	}

	@Test
	void aConnectionDetailsBeanOfTheContextIsUsedInsteadOfTheAddressProperty() {
		ZooKeeperConnectionDetails testServer = zookeeper::connectString;
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class))
			.withPropertyValues("xxx.common.zookeeper-enabled=true", "xxx.common.zookeeper-worker-ids-path=" + this.path,
					"xxx.common.zookeeper-session-timeout=2s", "xxx.common.zookeeper-connection-timeout=2s")
			.withBean(ZooKeeperConnectionDetails.class, () -> testServer)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(PropertiesZooKeeperConnectionDetails.class);
				assertThat(context).getBean(ZooKeeperConnectionDetails.class).isSameAs(testServer);
				WorkerIdLease lease = context.getBean(ClusterDeploymentImpl.class).currentLease();
				assertThat(lease.getPath()).startsWith(this.path + "/");
				try (CuratorFramework operator = CuratorFrameworkFactory.newClient(zookeeper.connectString(),
						new RetryOneTime(100))) {
					operator.start();
					assertThat(operator.checkExists().forPath(lease.getPath())).isNotNull();
				}
			});
	}

	@Test
	void customizersTuneTheClientIdgenCreates() {
		// the customizer's connect string is the only one that reaches a server
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-addr=127.0.0.1:1")
			.withBean(IdgenCuratorCustomizer.class,
					() -> (builder) -> builder.connectString(zookeeper.connectString()))
			.run((context) -> assertThat(context.getBean(ClusterDeploymentImpl.class).currentLease().isValid()).isTrue());
	}

	@Test
	void aCustomizerThatSetsANamespaceFailsStartUpNamingTheNamespace() {
		this.contextRunner.withBean(IdgenCuratorCustomizer.class, () -> (builder) -> builder.namespace("tenant-a"))
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("namespace 'tenant-a'"));
	}

	@Test
	void zookeeperEnabledWithoutAnAddressOrACuratorBeanFailsNamingTheProperty() {
		new ApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class))
			.withPropertyValues("xxx.common.zookeeper-enabled=true")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context).getFailure()
					.rootCause()
					.isInstanceOf(InvalidConfigurationPropertyValueException.class)
					.hasMessageContaining("xxx.common.zookeeper-addr")
					.hasMessageContaining("zk1:2181");
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class UserIdServiceConfiguration {

		@Bean
		IdService userIdService() {
			return new IdServiceTwitter(9, 9);
		}

	}

}
