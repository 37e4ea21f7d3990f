package io.github.idgen.autoconfigure.redis;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.autoconfigure.segment.ConditionalOnSegmentStore;
import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentProperties;
import io.github.idgen.autoconfigure.segment.SegmentStoreType;
import io.github.idgen.redis.RedisConnector;
import io.github.idgen.redis.RedisSegmentStore;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentStore;
import io.lettuce.core.RedisClient;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The Redis segment store ({@code xxx.common.segment-enabled=true} with
 * {@code xxx.common.segment-store=redis}): a started {@link RedisSegmentStore}, one hash per tag, for
 * {@link SegmentIdServices}, on the connection Spring Boot's Redis connection details point to
 * ({@link RedisConnectorConfiguration}). It refuses a server that may lose what it acknowledged.
 */
@AutoConfiguration(before = SegmentIdServicesAutoConfiguration.class,
		afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnSwitch("xxx.common.segment-enabled")
@ConditionalOnSegmentStore(SegmentStoreType.REDIS)
@EnableConfigurationProperties({ SegmentProperties.class, RedisBackendProperties.class })
public final class RedisSegmentStoreAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ RedisClient.class, DataRedisConnectionDetails.class, RedisConnector.class })
	@Import(RedisConnectorConfiguration.class)
	static class RedisStoreConfiguration {

		@Bean
		@ConditionalOnMissingBean({ SegmentStore.class, SegmentIdServices.class })
		RedisSegmentStore redisSegmentStore(RedisConnector idgenRedisConnector, SegmentProperties properties) {
			RedisSegmentStore store = RedisSegmentStore.builder(idgenRedisConnector)
				.allocationTimeout(properties.getSegmentAllocationTimeout())
				.build();
			store.start();
			return store;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@Conditional(RedisClientMissingCondition.class)
	static class MissingRedisClientConfiguration {

		@Bean
		SegmentStore segmentStore() {
			throw new MissingRedisClientException("xxx.common.segment-store=redis");
		}

	}

}
