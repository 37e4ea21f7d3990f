package io.github.idgen.autoconfigure.zookeeper;

import io.github.idgen.autoconfigure.CommonProperties;
import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.autoconfigure.IdLayoutProperties;
import io.github.idgen.autoconfigure.LeaseIdServiceConfiguration;
import io.github.idgen.autoconfigure.LeaseProperties;
import io.github.idgen.cluster.ClusterDeploymentBuilder;
import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseStatistics;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.apache.curator.framework.CuratorFramework;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;


/**
 * Cluster mode ({@code xxx.common.zookeeper-enabled=true}): a {@link ClusterDeployment} that leases
 * the worker id from ZooKeeper, an {@link IdServiceProxy} as the {@link IdService}, and the
 * {@link IdServiceInfo} that describes it to health, readiness, metrics and the endpoint. A
 * {@link CuratorFramework} bean of the context, if there is exactly one, is used and left to its
 * owner; otherwise idgen creates, starts and closes its own client, connected to what the
 * {@link ZooKeeperConnectionDetails} bean says ({@code xxx.common.zookeeper-addr} unless the context
 * supplies its own).
 */
@AutoConfiguration
@ConditionalOnSwitch("xxx.common.zookeeper-enabled")
@EnableConfigurationProperties({ CommonProperties.class, LeaseProperties.class, IdLayoutProperties.class })
@Import(LeaseIdServiceConfiguration.class)
public final class ClusterIdServiceAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ CuratorFramework.class, ClusterDeploymentImpl.class })
	static class CuratorLeaseConfiguration {

		@Bean
		@ConditionalOnMissingBean(ZooKeeperConnectionDetails.class)
		PropertiesZooKeeperConnectionDetails zooKeeperConnectionDetails(CommonProperties properties) {
			return new PropertiesZooKeeperConnectionDetails(properties);
		}

		// the connection details are injected, not looked up: their bean (an embedded server's, say)
		// is then created before the deployment and destroyed after it has given its id back
		@Bean
		@ConditionalOnMissingBean(ClusterDeployment.class)
		ClusterDeploymentImpl clusterDeployment(CommonProperties properties, LeaseProperties lease,
				IdLayoutProperties layouts, ZooKeeperConnectionDetails connectionDetails,
				ObjectProvider<CuratorFramework> curator, ObjectProvider<IdgenCuratorCustomizer> customizers) {
			CuratorFramework userClient = curator.getIfUnique();
			ClusterDeploymentBuilder builder = (userClient != null) ? ClusterDeploymentImpl.builder(userClient)
					: ClusterDeploymentImpl.builder(connectionDetails.getConnectString())
						.sessionTimeout(properties.getZookeeperSessionTimeout())
						.customizeClient((client) -> customizers.orderedStream().forEach((c) -> c.customize(client)));
			builder.workerIdsPath(properties.getZookeeperWorkerIdsPath())
				.connectionTimeout(properties.getZookeeperConnectionTimeout());
			String leafWorkers = properties.getZookeeperLeafWorkers();
			if (leafWorkers != null) {
				builder.leafWorkersPath(requireLeafShape(leafWorkers, properties, layouts));
			}
			ClusterDeploymentImpl deployment = LeaseIdServiceConfiguration
				.leaseSettings(builder, properties, lease, layouts)
				.build();
			deployment.start();
			return deployment;
		}

	}

	private static String requireLeafShape(String leafWorkers, CommonProperties properties, IdLayoutProperties layouts) {
		SnowflakeLayout layout = LeaseIdServiceConfiguration.defaultLayout(properties, layouts);
		if (!ClusterDeploymentBuilder.hasLeafShape(layout)) {
			throw new InvalidConfigurationPropertyValueException("xxx.common.zookeeper-leaf-workers", leafWorkers,
					"Leaf's worker id is the 10 bits above its 12 sequence bits, but the layout in force"
							+ " (xxx.common.id-layout) has " + layout.datacenterBits() + " datacenter, "
							+ layout.workerBits() + " worker and " + layout.sequenceBits()
							+ " sequence bits, so excluding Leaf's worker ids would not keep its ids apart from"
							+ " idgen's. Use xxx.common.id-layout=leaf (Leaf's epoch and bits), or remove"
							+ " xxx.common.zookeeper-leaf-workers.");
		}
		return leafWorkers;
	}

	@Configuration(proxyBeanMethods = false)
	@Conditional(ZooKeeperBackendMissingCondition.class)
	static class MissingCuratorConfiguration {

		@Bean
		IdService idService() {
			throw new MissingCuratorException();
		}

	}

	// registered after the nested configurations and the import: the condition sees the deployment
	// and the proxy defined there, or the user's
	@Bean
	@ConditionalOnBean({ IdServiceProxy.class, LeaseStatistics.class })
	@ConditionalOnMissingBean(IdServiceInfo.class)
	ClusterIdServiceInfo idServiceInfo(IdServiceProxy idService, ClusterDeployment clusterDeployment,
			LeaseStatistics leaseStatistics) {
		return new ClusterIdServiceInfo(idService, clusterDeployment, leaseStatistics);
	}

}
