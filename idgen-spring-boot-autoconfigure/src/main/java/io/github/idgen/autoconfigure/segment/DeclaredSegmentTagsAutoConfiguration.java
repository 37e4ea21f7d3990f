package io.github.idgen.autoconfigure.segment;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.LegacyMaximum;
import io.github.idgen.autoconfigure.client.HttpSegmentStoreAutoConfiguration;
import io.github.idgen.autoconfigure.redis.RedisSegmentStoreAutoConfiguration;
import io.github.idgen.segment.SegmentStore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * {@link DeclaredSegmentTags}: the segment tags of {@code xxx.common.segment-tags} created at start-up
 * in the context's {@link SegmentStore}, whichever store that is, after the databases' initializers
 * (the segment table).
 */
@AutoConfiguration(after = { SegmentIdServicesAutoConfiguration.class, RedisSegmentStoreAutoConfiguration.class,
		HttpSegmentStoreAutoConfiguration.class })
@ConditionalOnBean(SegmentStore.class)
@EnableConfigurationProperties(SegmentProperties.class)
public final class DeclaredSegmentTagsAutoConfiguration {

	// nested, so that an application without spring-boot-jdbc never loads its initializer's class
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(DataSourceScriptDatabaseInitializer.class)
	static class AfterDatabaseInitializersConfiguration {

		@Bean
		@ConditionalOnMissingBean
		@DependsOnDatabaseInitialization
		DeclaredSegmentTags declaredSegmentTags(SegmentStore store, SegmentProperties properties,
				ObjectProvider<DataSourceScriptDatabaseInitializer> initializers, ObjectProvider<DataSource> dataSources) {
			// made first also where Boot's ordering of initializers is not configured
			initializers.orderedStream().forEach((initializer) -> {
			});
			return new DeclaredSegmentTags(store, properties.getSegmentTags(), new LegacyMaximum(dataSources));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingClass("org.springframework.boot.jdbc.init.DataSourceScriptDatabaseInitializer")
	static class WithoutDatabaseInitializersConfiguration {

		@Bean
		@ConditionalOnMissingBean
		DeclaredSegmentTags declaredSegmentTags(SegmentStore store, SegmentProperties properties,
				ObjectProvider<DataSource> dataSources) {
			return new DeclaredSegmentTags(store, properties.getSegmentTags(), new LegacyMaximum(dataSources));
		}

	}

}
