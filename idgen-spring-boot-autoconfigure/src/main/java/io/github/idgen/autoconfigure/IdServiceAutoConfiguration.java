package io.github.idgen.autoconfigure;

import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeLayout;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * {@link IdService} with the fixed worker id {@code xxx.common.id-worker-id} (or the host name's
 * ordinal), on the layout {@code xxx.common.id-layout}, unless the worker id is leased (from ZooKeeper,
 * the database or Redis), and the {@link IdServiceInfo} that describes it to health, metrics and the
 * endpoint.
 */
@AutoConfiguration
@ConditionalOnSwitch(
		value = { "xxx.common.zookeeper-enabled", "xxx.common.jdbc-enabled", "xxx.common.redis-enabled" },
		havingValue = false, matchIfMissing = true)
@EnableConfigurationProperties({ CommonProperties.class, IdLayoutProperties.class })
public final class IdServiceAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(IdService.class)
	IdServiceTwitter idService(CommonProperties properties, IdLayoutProperties layouts, Environment environment) {
		GeneratorSettings settings = new GeneratorSettings(properties, layouts);
		SnowflakeLayout layout = settings.defaultLayout();
		int nodeId = settings.fixedNodeId(environment);
		return settings.defaultGenerator()
			.workerId(layout.workerIdOf(nodeId))
			.datacenterId(layout.datacenterIdOf(nodeId))
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
