package io.github.idgen.autoconfigure;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * {@link IdService} with the fixed worker id {@code xxx.common.id-worker-id}, unless the worker id is
 * leased (from ZooKeeper, the database or Redis), and the {@link IdServiceInfo} that describes it to
 * health, metrics and the endpoint.
 */
@AutoConfiguration
@ConditionalOnBooleanProperty(
		name = { "xxx.common.zookeeper-enabled", "xxx.common.jdbc-enabled", "xxx.common.redis-enabled" },
		havingValue = false, matchIfMissing = true)
@EnableConfigurationProperties(CommonProperties.class)
public final class IdServiceAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(IdService.class)
	IdServiceTwitter idService(CommonProperties properties) {
		return IdServiceTwitter.builder()
			.workerId(properties.getIdWorkerId())
			.datacenterId(properties.getIdDataCenterId())
			.epoch(properties.getIdEpoch())
			.clockBackwardsTolerance(properties.getIdClockBackwardsTolerance())
			.build();
	}

	// declared after idService: the condition sees the generator bean defined above, or the user's
	@Bean
	@ConditionalOnBean(IdServiceTwitter.class)
	@ConditionalOnMissingBean(IdServiceInfo.class)
	FixedIdServiceInfo idServiceInfo(IdServiceTwitter idService) {
		return new FixedIdServiceInfo(idService);
	}

}
