package io.github.idgen.autoconfigure.mybatisplus;

import com.baomidou.mybatisplus.core.incrementer.IdentifierGenerator;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.mybatisplus.IdServiceIdentifierGenerator;
import io.github.idgen.snowflake.IdService;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * MyBatis-Plus {@link IdentifierGenerator} backed by the {@link IdService}, when MyBatis-Plus is on
 * the classpath. MyBatis-Plus's own auto-configuration puts the context's only
 * {@code IdentifierGenerator} bean into its {@code GlobalConfig}; without one it derives a worker id
 * from the host's MAC address and process id, which collides in containers. Ordered before
 * MyBatis-Plus's auto-configurations so that its Spring Cloud based generator backs off; a user's
 * own {@code IdentifierGenerator} bean wins.
 */
// after every mode's: without the IdService its condition backs off and MyBatis-Plus keeps its own generator
@AutoConfiguration(after = { IdServiceAutoConfiguration.class, ClusterIdServiceAutoConfiguration.class,
		JdbcIdServiceAutoConfiguration.class, RedisIdServiceAutoConfiguration.class },
		beforeName = { "com.baomidou.mybatisplus.autoconfigure.IdentifierGeneratorAutoConfiguration",
				"com.baomidou.mybatisplus.autoconfigure.MybatisPlusAutoConfiguration" })
@ConditionalOnClass(IdentifierGenerator.class)
@ConditionalOnBean(IdService.class)
public final class IdgenMybatisPlusAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(IdentifierGenerator.class)
	IdServiceIdentifierGenerator idgenIdentifierGenerator(IdService idService) {
		return new IdServiceIdentifierGenerator(idService);
	}

}
