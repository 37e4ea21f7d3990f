package io.github.idgen.autoconfigure.readiness;

import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.jdbc.JdbcIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisIdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.info.IdServiceInfo;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.availability.ApplicationAvailabilityAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;

/**
 * Makes the application's readiness follow whether ids are issued, when the application tracks its
 * availability ({@link ApplicationAvailability}, as every Spring Boot application does) and the
 * running mode describes its id service ({@link IdServiceInfo}).
 */
@AutoConfiguration(after = { ApplicationAvailabilityAutoConfiguration.class, IdServiceAutoConfiguration.class,
		ClusterIdServiceAutoConfiguration.class, JdbcIdServiceAutoConfiguration.class,
		RedisIdServiceAutoConfiguration.class })
@ConditionalOnBean({ ApplicationAvailability.class, IdServiceInfo.class })
public final class IdgenReadinessAutoConfiguration {

	@Bean
	IdgenReadinessPublisher idgenReadinessPublisher(IdServiceInfo idServiceInfo,
			ApplicationAvailability applicationAvailability, ApplicationEventPublisher applicationEventPublisher) {
		return new IdgenReadinessPublisher(idServiceInfo, applicationAvailability, applicationEventPublisher);
	}

}
