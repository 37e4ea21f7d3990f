package io.github.idgen.autoconfigure.metrics;

import io.github.idgen.autoconfigure.ClusterIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.metrics.IdgenMetrics;
import io.github.idgen.cluster.ClusterDeployment;
import io.github.idgen.snowflake.IdService;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Micrometer meters of idgen ({@code idgen.*}), when a {@link MeterRegistry} bean exists.
 */
@AutoConfiguration(after = { IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class },
		afterName = "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, IdService.class })
public final class IdgenMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	IdgenMetrics idgenMetrics(IdService idService, ObjectProvider<ClusterDeployment> deployment) {
		return new IdgenMetrics(idService, deployment.getIfUnique());
	}

}
