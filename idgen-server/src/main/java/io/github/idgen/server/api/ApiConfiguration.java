package io.github.idgen.server.api;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.server.metrics.TaggedServerRequestObservationConvention;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.SnowflakeLayout;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The API's collaborators: the Snowflake generators by name, and the request metrics' convention.
 */
@Configuration(proxyBeanMethods = false)
class ApiConfiguration {

	@Bean
	Generators generators(IdService idService, ObjectProvider<IdServiceInfo> info,
			ObjectProvider<IdGenerators> registry) {
		// the layout and epoch the IdService issues with, so that its ids are taken apart right
		IdServiceInfo described = info.getIfAvailable();
		SnowflakeLayout layout = (described != null) ? described.layout() : SnowflakeLayout.TWITTER;
		return new Generators(idService, layout, registry.getIfAvailable(() -> IdGenerators.builder().build()));
	}

	@Bean
	TaggedServerRequestObservationConvention taggedServerRequestObservationConvention() {
		return new TaggedServerRequestObservationConvention();
	}

}
