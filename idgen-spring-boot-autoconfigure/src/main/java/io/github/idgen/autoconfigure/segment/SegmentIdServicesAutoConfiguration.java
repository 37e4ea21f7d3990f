package io.github.idgen.autoconfigure.segment;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import io.github.idgen.autoconfigure.jdbc.MissingJdbcBackendException;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.segment.SegmentIdServices;
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
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * {@link SegmentIdServices}: segment ids per business tag ({@code xxx.common.segment-enabled=true})
 * from the context's {@link SegmentStore}; unless another store is chosen
 * ({@code xxx.common.segment-store}) or defined, the segment table in the application's
 * {@link DataSource}, created at start-up as {@code xxx.common.segment-initialize-schema} says.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnClass(DataSource.class)
@ConditionalOnSwitch("xxx.common.segment-enabled")
@EnableConfigurationProperties(SegmentProperties.class)
public final class SegmentIdServicesAutoConfiguration {

	// a nested class, so that an application without idgen-jdbc (idgen-spring-boot-starter-redis) never
	// loads a class of it
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcSegmentStore.class)
	@ConditionalOnSegmentStore(SegmentStoreType.JDBC)
	static class JdbcStoreConfiguration {

		@Bean
		@ConditionalOnMissingBean({ SegmentStore.class, SegmentIdServices.class })
		JdbcSegmentStore segmentStore(ObjectProvider<DataSource> dataSource, SegmentProperties properties) {
			return new JdbcSegmentStore(requireDataSource(dataSource), properties.getSegmentTable(),
					properties.getSegmentTagColumn(), properties.getSegmentAllocationTimeout());
		}

		@Bean
		@ConditionalOnBean(JdbcSegmentStore.class)
		@Conditional(OnForeignTagColumn.class)
		@DependsOnDatabaseInitialization
		ForeignSegmentTableCheck foreignSegmentTableCheck(JdbcSegmentStore store) {
			return new ForeignSegmentTableCheck(store);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingClass("io.github.idgen.jdbc.segment.JdbcSegmentStore")
	@ConditionalOnSegmentStore(SegmentStoreType.JDBC)
	static class MissingJdbcStoreConfiguration {

		@Bean
		@ConditionalOnMissingBean({ SegmentStore.class, SegmentIdServices.class })
		SegmentStore segmentStore() {
			throw new MissingJdbcBackendException("xxx.common.segment-enabled=true with xxx.common.segment-store=jdbc");
		}

	}

	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean
	// the properties first: their binding failures name the key, and must come before "no SegmentStore bean"
	SegmentIdServices segmentIdServices(SegmentProperties properties, SegmentStore segmentStore,
			ObjectProvider<DeclaredSegmentTags> declaredTags) {
		// the declared tags first: an application's first forTag may come before every bean is made
		declaredTags.ifAvailable((created) -> {
		});
		return new SegmentIdServices(segmentStore, properties.toSegmentSettings());
	}

	static DataSource requireDataSource(ObjectProvider<DataSource> dataSource) {
		DataSource unique = dataSource.getIfUnique();
		if (unique == null) {
			throw new SegmentDataSourceMissingException("xxx.common.segment-enabled is true but the application has "
					+ (dataSource.stream().findAny().isPresent() ? "several DataSource beans and none is primary"
							: "no DataSource bean") + " for the segment table");
		}
		return unique;
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ DataSourceScriptDatabaseInitializer.class, JdbcSegmentStore.class })
	@ConditionalOnSegmentStore(SegmentStoreType.JDBC)
	static final class SchemaConfiguration {

		@Bean
		@ConditionalOnMissingBean
		SegmentSchemaInitializer segmentSchemaInitializer(ObjectProvider<DataSource> dataSource,
				SegmentProperties properties) {
			// a table idgen did not create is never created or altered: its script names idgen's own columns
			return new SegmentSchemaInitializer(requireDataSource(dataSource), properties.getSegmentTable(),
					properties.isForeignSegmentTable() ? SchemaInitialization.NEVER
							: properties.getSegmentInitializeSchema());
		}

	}

}
