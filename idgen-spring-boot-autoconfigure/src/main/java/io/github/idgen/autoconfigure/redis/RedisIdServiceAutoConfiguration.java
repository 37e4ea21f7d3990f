package io.github.idgen.autoconfigure.redis;

import io.github.idgen.autoconfigure.CommonProperties;
import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.autoconfigure.IdLayoutProperties;
import io.github.idgen.autoconfigure.LeaseIdServiceConfiguration;
import io.github.idgen.autoconfigure.LeaseProperties;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseStatistics;
import io.github.idgen.redis.RedisConnector;
import io.github.idgen.redis.RedisLeaseDeployment;
import io.github.idgen.snowflake.IdService;
import io.lettuce.core.RedisClient;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Redis mode ({@code xxx.common.redis-enabled=true}): a {@link RedisLeaseDeployment} that leases the
 * worker id as a hash in Redis, an {@link IdServiceProxy} as the {@link IdService}, and the
 * {@link IdServiceInfo} that describes it to health, readiness, metrics and the endpoint. It connects
 * where Spring Boot's Redis connection details point ({@link RedisConnectorConfiguration}), refuses a
 * server that may lose what it acknowledged, and gives its id back before the connector closes.
 */
@AutoConfiguration(afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnSwitch("xxx.common.redis-enabled")
@EnableConfigurationProperties({ CommonProperties.class, LeaseProperties.class, IdLayoutProperties.class,
		RedisBackendProperties.class })
@Import(LeaseIdServiceConfiguration.class)
public final class RedisIdServiceAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ RedisClient.class, DataRedisConnectionDetails.class, RedisConnector.class })
	@Import(RedisConnectorConfiguration.class)
	static class RedisLeaseConfiguration {

		@Bean
		@ConditionalOnMissingBean(ClusterDeployment.class)
		RedisLeaseDeployment redisLeaseDeployment(CommonProperties properties, LeaseProperties lease,
				IdLayoutProperties layouts, RedisBackendProperties redis, RedisConnector idgenRedisConnector) {
			RedisLeaseDeployment.Builder builder = RedisLeaseDeployment.builder(idgenRedisConnector)
				.leaseGroup(redis.getRedisLeaseGroup())
				.leaseTimeout(redis.getRedisLeaseTimeout());
			RedisLeaseDeployment deployment = LeaseIdServiceConfiguration.leaseSettings(builder, properties, lease, layouts)
				.build();
			deployment.start();
			return deployment;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@Conditional(RedisClientMissingCondition.class)
	static class MissingRedisClientConfiguration {

		@Bean
		IdService idService() {
			throw new MissingRedisClientException("xxx.common.redis-enabled=true");
		}

	}

	// registered after the nested configurations and the import: the condition sees the deployment
	// and the proxy defined there, or the user's
	@Bean
	@ConditionalOnBean({ IdServiceProxy.class, LeaseStatistics.class })
	@ConditionalOnMissingBean(IdServiceInfo.class)
	RedisIdServiceInfo idServiceInfo(IdServiceProxy idService, ClusterDeployment clusterDeployment,
			LeaseStatistics leaseStatistics) {
		return new RedisIdServiceInfo(idService, clusterDeployment, leaseStatistics);
	}

}
