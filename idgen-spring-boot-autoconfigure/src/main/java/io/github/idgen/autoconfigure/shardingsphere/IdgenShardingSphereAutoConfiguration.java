package io.github.idgen.autoconfigure.shardingsphere;

import io.github.idgen.autoconfigure.IdGeneratorsAutoConfiguration;
import io.github.idgen.shardingsphere.IdgenKeyGenerators;
import io.github.idgen.snowflake.IdGenerators;
import io.github.idgen.snowflake.IdService;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * Puts the application's generators into idgen-shardingsphere's {@link IdgenKeyGenerators}, where the
 * {@code IDGEN} key generators of ShardingSphere's YAML find them: every named generator
 * ({@code xxx.common.generators.<name>.*}) under its name, and the default {@link IdService} under
 * {@code default}, a name no named generator may then have (start-up fails naming it). ShardingSphere
 * builds its algorithms outside Spring, so a registry is the only way in; the key generators look names
 * up when they issue ids, so the order in which ShardingSphere's {@code DataSource} and these beans are
 * made does not matter.
 */
@AutoConfiguration(after = IdGeneratorsAutoConfiguration.class)
@ConditionalOnClass(IdgenKeyGenerators.class)
@ConditionalOnBean(IdService.class)
public final class IdgenShardingSphereAutoConfiguration {

	@Bean
	ShardingSphereGeneratorRegistration idgenShardingSphereGeneratorRegistration(IdService idService,
			ObjectProvider<IdGenerators> generators) {
		return new ShardingSphereGeneratorRegistration(idService, generators.getIfAvailable());
	}

}
