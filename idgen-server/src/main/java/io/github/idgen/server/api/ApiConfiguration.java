package io.github.idgen.server.api;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.server.metrics.TaggedServerRequestObservationConvention;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The API's collaborators: the Snowflake generators by name, the request metrics' convention, and
 * what the OpenAPI document says of the server.
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

	/**
	 * What SpringDoc's document of {@code /v1} says of itself: the server's name and the version of
	 * its build (SpringDoc's own are "OpenAPI definition", "v0").
	 */
	@Bean
	OpenAPI idgenServerOpenApi(ObjectProvider<BuildProperties> build) {
		BuildProperties properties = build.getIfAvailable();
		String version = (properties != null && properties.getVersion() != null) ? properties.getVersion() : "unknown";
		return new OpenAPI().info(new Info().title("idgen-server")
			.version(version)
			.description("Snowflake ids, segment ids and ranges, business numbers. Errors are RFC 9457 problem"
					+ " details; every request needs 'Authorization: Bearer <token>' unless the server runs as"
					+ " the demo."));
	}

	@Bean
	TaggedServerRequestObservationConvention taggedServerRequestObservationConvention() {
		return new TaggedServerRequestObservationConvention();
	}

}
