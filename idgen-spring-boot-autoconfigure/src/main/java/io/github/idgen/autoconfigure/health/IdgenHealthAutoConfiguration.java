package io.github.idgen.autoconfigure.health;

import io.github.idgen.autoconfigure.ClusterIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.health.IdgenHealthIndicator;
import io.github.idgen.snowflake.IdService;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Health contributor {@code idgen}, when Spring Boot's health support is on the classpath; off with
 * {@code management.health.idgen.enabled=false}.
 */
@AutoConfiguration(after = { IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class })
@ConditionalOnClass(HealthIndicator.class)
@ConditionalOnBean(IdService.class)
@ConditionalOnEnabledHealthIndicator("idgen")
public final class IdgenHealthAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = "idgenHealthIndicator")
	IdgenHealthIndicator idgenHealthIndicator(IdService idService) {
		return new IdgenHealthIndicator(idService);
	}

}
