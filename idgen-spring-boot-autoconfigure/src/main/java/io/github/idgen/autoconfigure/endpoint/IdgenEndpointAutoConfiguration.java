package io.github.idgen.autoconfigure.endpoint;

import io.github.idgen.actuate.endpoint.IdgenEndpoint;
import io.github.idgen.autoconfigure.CommonProperties;
import io.github.idgen.autoconfigure.IdGeneratorsAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.snowflake.IdGenerators;

import org.springframework.beans.factory.ObjectProvider;

import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The {@code idgen} Actuator endpoint, when Actuator is on the classpath and the endpoint is
 * available (enabled and exposed), showing what the running mode's {@link IdServiceInfo} tells.
 */
@AutoConfiguration(after = { IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
		JdbcIdServiceAutoConfiguration.class, RedisIdServiceAutoConfiguration.class,
		IdGeneratorsAutoConfiguration.class })
@ConditionalOnClass(Endpoint.class)
@ConditionalOnBean(IdServiceInfo.class)
@ConditionalOnAvailableEndpoint(IdgenEndpoint.class)
public final class IdgenEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	IdgenEndpoint idgenEndpoint(IdServiceInfo idServiceInfo, ObjectProvider<IdGenerators> generators,
			ObjectProvider<CommonProperties> common) {
		return new IdgenEndpoint(idServiceInfo, generators.getIfAvailable(),
				common.getIfAvailable(CommonProperties::new).getRegions());
	}

}
