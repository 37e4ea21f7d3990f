package io.github.idgen.autoconfigure;

import java.time.Duration;
import java.util.Map;

import io.github.idgen.autoconfigure.GeneratorSettings.NamedGenerator;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.NodeIdRange;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The named generators of {@code xxx.common.generators.<name>.*}, in one {@link IdGenerators} bean (not
 * as {@code IdService} beans: {@code @Autowired IdService} stays the default generator). Each shares
 * this instance's node id: in a lease mode each is an {@link IdServiceProxy} on the lease of the
 * {@link ClusterDeployment}, fenced by it and following its changes; in fixed mode each is made with
 * the fixed worker and datacenter ids. A layout without room for that node id stops start-up naming
 * the generator's key. A generator with {@code shard-bits} is a {@code ShardedGenerator} over such a
 * generator of its layout without shard bits, so the lease fences it as any other.
 */
// after every mode's: a lease mode's deployment not yet defined would make the generators fixed-mode ones
@AutoConfiguration(after = { IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
		JdbcIdServiceAutoConfiguration.class, RedisIdServiceAutoConfiguration.class })
@EnableConfigurationProperties({ CommonProperties.class, IdLayoutProperties.class })
public final class IdGeneratorsAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean(ClusterDeployment.class)
	@ConditionalOnMissingBean(IdGenerators.class)
	static class LeasedGeneratorsConfiguration {

		// the deployment is injected, not looked up, so that the generators close before it gives its id back
		@Bean
		IdGenerators idGenerators(ClusterDeployment clusterDeployment, CommonProperties properties,
				IdLayoutProperties layouts, ObjectProvider<LeaseProperties> lease) {
			GeneratorSettings settings = new GeneratorSettings(properties, layouts);
			NodeIdRange leased = clusterDeployment.getNodeIdRange();
			Duration leaseWaitTimeout = lease.getIfAvailable(LeaseProperties::new).getLeaseWaitTimeout();
			IdGenerators.Builder generators = IdGenerators.builder();
			settings.namedGenerators().forEach((name, generator) -> {
				SnowflakeLayout layout = generator.layout();
				settings.checkRoom(name, layout, leased, "the node ids this instance leases, xxx.common.lease-range");
				IdServiceProxy plain = new IdServiceProxy(clusterDeployment, name, generator.plainLayout(),
						leaseWaitTimeout, generator::builder);
				generators.add(name, generator.generator(name, plain), layout);
			});
			return generators.build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingBean({ ClusterDeployment.class, IdGenerators.class })
	static class FixedGeneratorsConfiguration {

		@Bean
		IdGenerators idGenerators(CommonProperties properties, IdLayoutProperties layouts, Environment environment) {
			GeneratorSettings settings = new GeneratorSettings(properties, layouts);
			IdGenerators.Builder generators = IdGenerators.builder();
			Map<String, NamedGenerator> named = settings.namedGenerators();
			// only with generators: the host name's ordinal is looked up once, and not at all without
			int nodeId = named.isEmpty() ? 0 : settings.fixedNodeId(environment);
			named.forEach((name, generator) -> {
				SnowflakeLayout layout = generator.layout();
				settings.checkRoom(name, layout, new NodeIdRange(nodeId, nodeId),
						"xxx.common.id-data-center-id and the fixed worker id");
				IdServiceTwitter plain = generator.builder()
					.workerId(layout.workerIdOf(nodeId))
					.datacenterId(layout.datacenterIdOf(nodeId))
					.build();
				generators.add(name, generator.generator(name, plain), layout);
			});
			return generators.build();
		}

	}

}
