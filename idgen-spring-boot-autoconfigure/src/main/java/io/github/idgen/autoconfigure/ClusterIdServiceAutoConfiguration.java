package io.github.idgen.autoconfigure;

import io.github.idgen.cluster.ClusterDeployment;
import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.cluster.IdServiceProxy;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.apache.curator.framework.CuratorFramework;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Cluster mode ({@code xxx.common.zookeeper-enabled=true}): a {@link ClusterDeployment} that leases
 * the worker id from ZooKeeper, and an {@link IdServiceProxy} as the {@link IdService}.
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
		ClusterDeploymentImpl clusterDeployment(CommonProperties properties) {
			ClusterDeploymentImpl deployment = ClusterDeploymentImpl.builder(properties.getZookeeperAddr())
				.workerIdsPath(properties.getZookeeperWorkerIdsPath())
				.leaseRange(properties.getZookeeperLeaseRange(), properties.getIdDataCenterId())
				.sessionTimeout(properties.getZookeeperSessionTimeout())
				.connectionTimeout(properties.getZookeeperConnectionTimeout())
				.build();
			deployment.start();
			return deployment;
		}

		@Bean
		@ConditionalOnMissingBean(IdService.class)
		IdServiceProxy idService(ClusterDeployment clusterDeployment, CommonProperties properties) {
			return new IdServiceProxy(clusterDeployment, properties.getZookeeperLeaseWaitTimeout(),
					() -> IdServiceTwitter.builder()
						.epoch(properties.getIdEpoch())
						.clockBackwardsTolerance(properties.getIdClockBackwardsTolerance()));
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
