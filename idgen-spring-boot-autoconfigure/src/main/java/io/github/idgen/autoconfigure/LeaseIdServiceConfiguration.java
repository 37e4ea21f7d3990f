package io.github.idgen.autoconfigure;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseDeploymentBuilder;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.SnowflakeLayout;

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
	 * Sets what the core keys say on a backend's builder: the layout, the range, the instance name and
	 * the marks.
	 * @param <B> the builder's type
	 * @param builder the backend's deployment builder
	 * @param properties the core keys
	 * @param lease the keys both lease modes share
	 * @param layouts the layout keys
	 * @return the builder
	 * @throws org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException
	 * naming the key if the datacenter id or the range does not fit the layout in force
	 */
	public static <B extends LeaseDeploymentBuilder<B>> B leaseSettings(B builder, CommonProperties properties,
			LeaseProperties lease, IdLayoutProperties layouts) {
		GeneratorSettings settings = new GeneratorSettings(properties, layouts);
		settings.leasedNodeIds(lease.getLeaseRange());
		return builder.layout(settings.defaultLayout())
			.leaseRange(lease.getLeaseRange(), properties.datacenterId())
			.instanceName(properties.getInstanceName())
			.markInterval(lease.getLeaseMarkInterval())
			.markMaxWait(lease.getLeaseMarkMaxWait())
			.clockSkewWarning(lease.getLeaseClockSkewWarning());
	}

	/**
	 * Returns the layout of the default generator, the one whose node ids are leased.
	 * @param properties the core keys
	 * @param layouts the layout keys
	 * @return the layout
	 */
	public static SnowflakeLayout defaultLayout(CommonProperties properties, IdLayoutProperties layouts) {
		return new GeneratorSettings(properties, layouts).defaultLayout();
	}

	@Bean
	@ConditionalOnMissingBean(IdService.class)
	IdServiceProxy idService(ClusterDeployment clusterDeployment, CommonProperties properties, LeaseProperties lease,
			IdLayoutProperties layouts) {
		GeneratorSettings settings = new GeneratorSettings(properties, layouts);
		return new IdServiceProxy(clusterDeployment, ClusterDeployment.DEFAULT_ISSUER, settings.defaultLayout(),
				lease.getLeaseWaitTimeout(), settings::defaultGenerator);
	}

}
