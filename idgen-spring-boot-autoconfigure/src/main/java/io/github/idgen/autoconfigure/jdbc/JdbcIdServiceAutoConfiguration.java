package io.github.idgen.autoconfigure.jdbc;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.CommonProperties;
import io.github.idgen.autoconfigure.IdLayoutProperties;
import io.github.idgen.autoconfigure.LeaseIdServiceConfiguration;
import io.github.idgen.autoconfigure.LeaseProperties;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.jdbc.JdbcLeaseDeployment;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseStatistics;
import io.github.idgen.snowflake.IdService;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * JDBC mode ({@code xxx.common.jdbc-enabled=true}): a {@link JdbcLeaseDeployment} that leases the
 * worker id as a row of a table in the database of the context's {@link DataSource}, an
 * {@link IdServiceProxy} as the {@link IdService}, and the {@link IdServiceInfo} that describes it to
 * health, readiness, metrics and the endpoint. The DataSource is injected, so that it is closed only
 * after the deployment has given its row back.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnBooleanProperty("xxx.common.jdbc-enabled")
@EnableConfigurationProperties({ CommonProperties.class, LeaseProperties.class, IdLayoutProperties.class,
		JdbcLeaseProperties.class })
@Import(LeaseIdServiceConfiguration.class)
public final class JdbcIdServiceAutoConfiguration {

	// a nested class, so that an application without idgen-jdbc (idgen-spring-boot-starter-redis) never
	// loads a class of it
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcLeaseDeployment.class)
	static class JdbcLeaseConfiguration {

		@Bean
		@ConditionalOnMissingBean(ClusterDeployment.class)
		JdbcLeaseDeployment jdbcLeaseDeployment(CommonProperties properties, LeaseProperties lease,
				IdLayoutProperties layouts, JdbcLeaseProperties jdbc, DataSource dataSource) {
			JdbcLeaseDeployment.Builder builder = JdbcLeaseDeployment.builder(dataSource)
				.leaseGroup(jdbc.getJdbcLeaseGroup())
				.table(jdbc.getJdbcLeaseTable())
				.leaseTimeout(jdbc.getJdbcLeaseTimeout())
				.schemaInitialization(jdbc.getJdbcInitializeSchema());
			JdbcLeaseDeployment deployment = LeaseIdServiceConfiguration
				.leaseSettings(builder, properties, lease, layouts)
				.build();
			deployment.start();
			return deployment;
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingClass("io.github.idgen.jdbc.JdbcLeaseDeployment")
	static class MissingJdbcBackendConfiguration {

		@Bean
		IdService idService() {
			throw new MissingJdbcBackendException("xxx.common.jdbc-enabled=true");
		}

	}

	// registered after the nested configurations and the imported proxy: the condition sees both,
	// or the user's
	@Bean
	@ConditionalOnBean({ IdServiceProxy.class, LeaseStatistics.class })
	@ConditionalOnMissingBean(IdServiceInfo.class)
	JdbcIdServiceInfo idServiceInfo(IdServiceProxy idService, ClusterDeployment clusterDeployment,
			LeaseStatistics leaseStatistics) {
		return new JdbcIdServiceInfo(idService, clusterDeployment, leaseStatistics);
	}

}
