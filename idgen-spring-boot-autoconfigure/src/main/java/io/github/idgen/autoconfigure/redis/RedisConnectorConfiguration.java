package io.github.idgen.autoconfigure.redis;

import java.time.Duration;

import io.github.idgen.redis.RedisConnector;
import io.lettuce.core.RedisClient;
import io.lettuce.core.SslOptions;
import io.lettuce.core.resource.ClientResources;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.DataRedisConnectionDetails;
import org.springframework.boot.data.redis.autoconfigure.DataRedisProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The {@link RedisConnector} that Redis mode and the Redis segment store share: idgen's own connections
 * to where Spring Boot's {@link DataRedisConnectionDetails} point ({@code spring.data.redis.*}, or a
 * bean that replaces them, such as a test's or a dev service's), on the event loops of Spring Boot's
 * Lettuce client when there are any. Its own connections, not Spring Data Redis's shared one: a
 * {@code WAIT} proves only the writes of the connection it runs on.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnClass({ RedisClient.class, DataRedisConnectionDetails.class, RedisConnector.class })
@EnableConfigurationProperties(RedisBackendProperties.class)
class RedisConnectorConfiguration {

	/** How long opening a connection may take unless {@code spring.data.redis.connect-timeout} says. */
	static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);

	// the client resources are looked up while the connector is created, so they are created first and
	// shut down after it
	@Bean
	@ConditionalOnMissingBean
	RedisConnector idgenRedisConnector(DataRedisConnectionDetails connectionDetails, RedisBackendProperties properties,
			ObjectProvider<DataRedisProperties> redisProperties, ObjectProvider<ClientResources> clientResources) {
		DataRedisProperties redis = redisProperties.getIfAvailable();
		Duration connectTimeout = (redis != null && redis.getConnectTimeout() != null) ? redis.getConnectTimeout()
				: DEFAULT_CONNECT_TIMEOUT;
		RedisConnector.Builder builder = RedisConnector.builder(RedisUris.of(connectionDetails, connectTimeout))
			.expectedReplicas(properties.getRedisExpectedReplicas())
			.assumeDurable(properties.isRedisAssumeDurable());
		ClientResources resources = clientResources.getIfUnique();
		if (resources != null) {
			builder.resources(resources);
		}
		SslOptions sslOptions = RedisUris.sslOptions(connectionDetails);
		if (sslOptions != null) {
			builder.sslOptions(sslOptions);
		}
		return builder.build();
	}

}
