package io.github.idgen.autoconfigure;

import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.info.IdServiceInfo;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The start-up line of every mode: what idgen does, in one INFO line ({@link IdgenStartupLine}).
 */
@AutoConfiguration(after = { IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
		JdbcIdServiceAutoConfiguration.class, RedisIdServiceAutoConfiguration.class })
@ConditionalOnBean(IdServiceInfo.class)
@EnableConfigurationProperties({ CommonProperties.class, IdLayoutProperties.class })
public final class IdgenStartupLineAutoConfiguration {

	@Bean
	IdgenStartupLine idgenStartupLine(IdServiceInfo info, CommonProperties common, IdLayoutProperties layouts,
			Environment environment) {
		return new IdgenStartupLine(info, common, layouts, environment);
	}

}
