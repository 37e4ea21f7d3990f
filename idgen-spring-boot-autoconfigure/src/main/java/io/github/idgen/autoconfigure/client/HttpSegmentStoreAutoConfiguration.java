package io.github.idgen.autoconfigure.client;

import io.github.idgen.autoconfigure.segment.IdgenSegmentsActuatorAutoConfiguration;
import io.github.idgen.autoconfigure.segment.DeclaredSegmentTags;
import io.github.idgen.autoconfigure.segment.SegmentIdServicesAutoConfiguration;
import io.github.idgen.autoconfigure.segment.SegmentProperties;
import io.github.idgen.client.HttpSegmentStore;
import io.github.idgen.segment.SegmentIdServices;
import io.github.idgen.segment.SegmentStore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.core.env.Environment;

/**
 * {@link SegmentIdServices} on an {@link HttpSegmentStore}: segment ids per business tag, served
 * from memory, with ranges from the idgen-servers of {@code xxx.common.server-urls} instead of a
 * database. The {@code xxx.common.segment-*} keys of the ids in memory (wait, steps, preload) apply
 * as with a database; {@code xxx.common.segment-enabled}, which takes the ranges from the
 * application's DataSource, must stay off.
 */
@AutoConfiguration(before = { SegmentIdServicesAutoConfiguration.class, IdgenSegmentsActuatorAutoConfiguration.class })
@ConditionalOnClass(HttpSegmentStore.class)
@Conditional(OnServerUrlsCondition.class)
@EnableConfigurationProperties({ IdgenServerClientProperties.class, SegmentProperties.class })
public final class HttpSegmentStoreAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(SegmentStore.class)
	HttpSegmentStore httpSegmentStore(IdgenServerClientProperties properties, Environment environment) {
		if (environment.getProperty("xxx.common.segment-enabled", Boolean.class, false)) {
			throw new ConflictingSegmentStoresException("xxx.common.server-urls takes segment ranges from idgen-server "
					+ properties.getServerUrls() + ", and xxx.common.segment-enabled=true from the application's DataSource");
		}
		HttpSegmentStore.Builder builder = HttpSegmentStore.builder()
			.servers(properties.getServerUrls())
			.timeout(properties.getServerTimeout());
		String token = properties.getServerToken();
		if (token != null && !token.isEmpty()) {
			builder.token(token);
		}
		return builder.build();
	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	SegmentIdServices segmentIdServices(SegmentStore segmentStore, SegmentProperties properties,
			ObjectProvider<DeclaredSegmentTags> declaredTags) {
		// the declared tags first, or their refusal by name
		declaredTags.ifAvailable((created) -> {
		});
		return new SegmentIdServices(segmentStore, properties.toSegmentSettings());
	}

}
