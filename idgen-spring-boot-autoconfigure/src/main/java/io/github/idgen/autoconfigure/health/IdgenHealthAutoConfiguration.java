package io.github.idgen.autoconfigure.health;

import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.health.IdgenHealthIndicator;
import io.github.idgen.info.IdServiceInfo;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Health contributor {@code idgen}, when Spring Boot's health support is on the classpath and the
 * running mode describes its id service ({@link IdServiceInfo}); off with
 * {@code management.health.idgen.enabled=false}.
 */
@AutoConfiguration(after = { IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
		JdbcIdServiceAutoConfiguration.class, RedisIdServiceAutoConfiguration.class })
@ConditionalOnClass({ HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class })
@ConditionalOnBean(IdServiceInfo.class)
@ConditionalOnEnabledHealthIndicator("idgen")
public final class IdgenHealthAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = "idgenHealthIndicator")
	IdgenHealthIndicator idgenHealthIndicator(IdServiceInfo idServiceInfo) {
		return new IdgenHealthIndicator(idServiceInfo);
	}

}
