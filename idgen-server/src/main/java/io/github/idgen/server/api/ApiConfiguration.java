package io.github.idgen.server.api;

import java.time.Duration;

import io.github.idgen.autoconfigure.segment.SegmentProperties;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.segment.SegmentSettings;
import io.github.idgen.server.IdgenServerProperties;
import io.github.idgen.server.ServerConfigurationException;
import io.github.idgen.server.metrics.TaggedServerRequestObservationConvention;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.SnowflakeLayout;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The API's collaborators: the Snowflake generators by name, the range endpoint's bound per tag, the
 * request metrics' convention.
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
	 * The range endpoint's bound per tag; its waits last as long as an id request's wait for a range
	 * ({@code xxx.common.segment-wait-timeout}).
	 */
	@Bean
	StoreCallsPerTag storeCallsPerTag(IdgenServerProperties properties, ObjectProvider<SegmentProperties> segments) {
		IdgenServerProperties.Ranges ranges = properties.getRanges();
		if (ranges.getCallsPerTag() < 1) {
			throw new ServerConfigurationException("idgen.server.ranges.calls-per-tag must be at least 1, was "
					+ ranges.getCallsPerTag(), "Set it to how many range requests of one tag may be at the segment store"
							+ " at once, such as 2 (the default).");
		}
		if (ranges.getWaitingPerTag() < 0) {
			throw new ServerConfigurationException("idgen.server.ranges.waiting-per-tag must be at least 0, was "
					+ ranges.getWaitingPerTag(), "Set it to how many more range requests of one tag may wait for their"
							+ " turn, such as 16 (the default), or 0 to answer them 503 at once.");
		}
		SegmentProperties segment = segments.getIfAvailable();
		Duration wait = (segment != null) ? segment.getSegmentWaitTimeout() : SegmentSettings.DEFAULTS.maxWait();
		return new StoreCallsPerTag(ranges.getCallsPerTag(), ranges.getWaitingPerTag(), wait);
	}

	@Bean
	TaggedServerRequestObservationConvention taggedServerRequestObservationConvention() {
		return new TaggedServerRequestObservationConvention();
	}

}
