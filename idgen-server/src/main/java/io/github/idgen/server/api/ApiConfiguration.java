package io.github.idgen.server.api;

import io.github.idgen.server.metrics.TaggedServerRequestObservationConvention;
import io.github.idgen.snowflake.IdService;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The API's collaborators that a later feature replaces: the generator lookup of the Leaf
 * Snowflake endpoint, and the request metrics' convention.
 */
@Configuration(proxyBeanMethods = false)
class ApiConfiguration {

	/** Every key gets the default generator, until named generators exist. */
	@Bean
	Generators generators(IdService idService) {
		Generators.Generator defaultGenerator = new Generators.Generator("default", idService);
		return (key) -> defaultGenerator;
	}

	@Bean
	TaggedServerRequestObservationConvention taggedServerRequestObservationConvention() {
		return new TaggedServerRequestObservationConvention();
	}

}
