package io.github.idgen.autoconfigure;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseDeploymentBuilder;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;

import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What every lease mode (ZooKeeper, JDBC, Redis) builds on the context's {@link ClusterDeployment}: the
 * {@link IdServiceProxy} that is the {@link IdService}. Imported by each mode's auto-configuration,
 * which contributes the deployment and the mode's {@code IdServiceInfo}. Public only so that the
 * modes' packages can import it; not meant for applications.
 */
@Configuration(proxyBeanMethods = false)
public class LeaseIdServiceConfiguration {

	/**
	 * Sets what the core keys say on a backend's builder: the range, the instance name and the marks.
	 * @param <B> the builder's type
	 * @param builder the backend's deployment builder
	 * @param properties the core keys
	 * @return the builder
	 */
	public static <B extends LeaseDeploymentBuilder<B>> B leaseSettings(B builder, CommonProperties properties) {
		return builder.leaseRange(properties.getZookeeperLeaseRange(), properties.getIdDataCenterId())
			.instanceName(properties.getInstanceName())
			.markInterval(properties.getZookeeperMarkInterval())
			.markMaxWait(properties.getZookeeperMarkMaxWait())
			.clockSkewWarning(properties.getZookeeperClockSkewWarning());
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
