package io.github.idgen.autoconfigure.metrics;

import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.IdGeneratorsAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.metrics.IdgenMetrics;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Micrometer meters of idgen ({@code idgen.*}), when a {@link MeterRegistry} bean exists and the
 * running mode describes its id service ({@link IdServiceInfo}).
 */
@AutoConfiguration(after = { IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
		JdbcIdServiceAutoConfiguration.class, RedisIdServiceAutoConfiguration.class, IdGeneratorsAutoConfiguration.class },
		afterName = "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration")
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean({ MeterRegistry.class, IdServiceInfo.class })
public final class IdgenMetricsAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	IdgenMetrics idgenMetrics(IdServiceInfo idServiceInfo, ObjectProvider<IdGenerators> generators) {
		return new IdgenMetrics(idServiceInfo, generators.getIfAvailable());
	}

}
