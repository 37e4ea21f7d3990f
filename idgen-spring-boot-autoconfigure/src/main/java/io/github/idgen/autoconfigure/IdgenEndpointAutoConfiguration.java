package io.github.idgen.autoconfigure;

import io.github.idgen.actuate.endpoint.IdgenEndpoint;
import io.github.idgen.cluster.ClusterDeployment;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.SnowflakeLayout;

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
 * available (enabled and exposed).
 */
@AutoConfiguration(after = { IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class })
@ConditionalOnClass(Endpoint.class)
@ConditionalOnBean(IdService.class)
@ConditionalOnAvailableEndpoint(IdgenEndpoint.class)
public final class IdgenEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	IdgenEndpoint idgenEndpoint(IdService idService, ObjectProvider<ClusterDeployment> deployment,
			CommonProperties properties) {
		return new IdgenEndpoint(idService, deployment.getIfUnique(), SnowflakeLayout.withEpoch(properties.getIdEpoch()));
	}

}
