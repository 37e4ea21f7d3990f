package io.github.idgen.autoconfigure.segment;

import io.github.idgen.actuate.endpoint.IdgenSegmentsEndpoint;
import io.github.idgen.health.IdgenSegmentsHealthIndicator;
import io.github.idgen.metrics.IdgenSegmentMetrics;
import io.github.idgen.segment.SegmentIdServices;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What operators see of segment ids: the {@code idgenSegments} health contributor and Actuator
 * endpoint, and Micrometer meters per tag, each when its library is on the classpath.
 */
@AutoConfiguration(after = SegmentIdServicesAutoConfiguration.class,
		afterName = "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnBean(SegmentIdServices.class)
public final class IdgenSegmentsActuatorAutoConfiguration {

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(HealthIndicator.class)
	@ConditionalOnEnabledHealthIndicator("idgenSegments")
	static final class HealthConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "idgenSegmentsHealthIndicator")
		IdgenSegmentsHealthIndicator idgenSegmentsHealthIndicator(SegmentIdServices services) {
			return new IdgenSegmentsHealthIndicator(services);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Endpoint.class)
	@ConditionalOnAvailableEndpoint(IdgenSegmentsEndpoint.class)
	static final class EndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		IdgenSegmentsEndpoint idgenSegmentsEndpoint(SegmentIdServices services) {
			return new IdgenSegmentsEndpoint(services);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	@ConditionalOnBean(MeterRegistry.class)
	static final class MetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		IdgenSegmentMetrics idgenSegmentMetrics(SegmentIdServices services) {
			return new IdgenSegmentMetrics(services);
		}

	}

}
