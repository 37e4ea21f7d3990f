package io.github.idgen.autoconfigure;

import io.github.idgen.cluster.ClusterDeployment;
import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.cluster.IdServiceProxy;
import io.github.idgen.cluster.LeaseStatistics;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.apache.commons.lang3.StringUtils;
import org.apache.curator.framework.CuratorFramework;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Cluster mode ({@code xxx.common.zookeeper-enabled=true}): a {@link ClusterDeployment} that leases
 * the worker id from ZooKeeper, an {@link IdServiceProxy} as the {@link IdService}, and the
 * {@link IdServiceInfo} that describes it to health, readiness, metrics and the endpoint. A
 * {@link CuratorFramework} bean of the context, if there is exactly one, is used and left to its
 * owner; otherwise idgen creates, starts and closes its own client.
 */
@AutoConfiguration
@ConditionalOnBooleanProperty("xxx.common.zookeeper-enabled")
@EnableConfigurationProperties(CommonProperties.class)
public final class ClusterIdServiceAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(CuratorFramework.class)
	static class CuratorLeaseConfiguration {

		@Bean
		@ConditionalOnMissingBean(ClusterDeployment.class)
		ClusterDeploymentImpl clusterDeployment(CommonProperties properties, ObjectProvider<CuratorFramework> curator,
				ObjectProvider<IdgenCuratorCustomizer> customizers) {
			CuratorFramework userClient = curator.getIfUnique();
			ClusterDeploymentImpl.Builder builder = (userClient != null) ? ClusterDeploymentImpl.builder(userClient)
					: ClusterDeploymentImpl.builder(requireAddress(properties))
						.sessionTimeout(properties.getZookeeperSessionTimeout())
						.customizeClient((client) -> customizers.orderedStream().forEach((c) -> c.customize(client)));
			ClusterDeploymentImpl deployment = builder.workerIdsPath(properties.getZookeeperWorkerIdsPath())
				.leaseRange(properties.getZookeeperLeaseRange(), properties.getIdDataCenterId())
				.connectionTimeout(properties.getZookeeperConnectionTimeout())
				.instanceName(properties.getInstanceName())
				.markInterval(properties.getZookeeperMarkInterval())
				.markMaxWait(properties.getZookeeperMarkMaxWait())
				.clockSkewWarning(properties.getZookeeperClockSkewWarning())
				.build();
			deployment.start();
			return deployment;
		}

		private static String requireAddress(CommonProperties properties) {
			String address = properties.getZookeeperAddr();
			if (StringUtils.isBlank(address)) {
				throw new InvalidConfigurationPropertyValueException("xxx.common.zookeeper-addr", address,
						"It is required when xxx.common.zookeeper-enabled=true and the context has no CuratorFramework"
								+ " bean. Set it to the ZooKeeper connect string, such as 'zk1:2181,zk2:2181,zk3:2181',"
								+ " or set xxx.common.zookeeper-enabled=false and a fixed xxx.common.id-worker-id.");
			}
			return address;
		}

		@Bean
		@ConditionalOnMissingBean(IdService.class)
		IdServiceProxy idService(ClusterDeployment clusterDeployment, CommonProperties properties) {
			return new IdServiceProxy(clusterDeployment, properties.getZookeeperLeaseWaitTimeout(),
					() -> IdServiceTwitter.builder()
						.epoch(properties.getIdEpoch())
						.clockBackwardsTolerance(properties.getIdClockBackwardsTolerance()));
		}

		// declared after idService: the condition sees the proxy bean defined above, or the user's
		@Bean
		@ConditionalOnBean({ IdServiceProxy.class, LeaseStatistics.class })
		@ConditionalOnMissingBean(IdServiceInfo.class)
		ClusterIdServiceInfo idServiceInfo(IdServiceProxy idService, ClusterDeployment clusterDeployment,
				LeaseStatistics leaseStatistics) {
			return new ClusterIdServiceInfo(idService, clusterDeployment, leaseStatistics);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingClass("org.apache.curator.framework.CuratorFramework")
	static class MissingCuratorConfiguration {

		@Bean
		IdService idService() {
			throw new IllegalStateException("xxx.common.zookeeper-enabled=true needs Apache Curator on the classpath:"
					+ " depend on io.github.idgen:idgen-spring-boot-starter (it brings curator-framework), or add"
					+ " org.apache.curator:curator-framework yourself.");
		}

	}

}
