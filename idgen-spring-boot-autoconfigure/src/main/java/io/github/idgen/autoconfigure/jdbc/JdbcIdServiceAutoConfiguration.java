package io.github.idgen.autoconfigure.jdbc;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.CommonProperties;
import io.github.idgen.autoconfigure.ConditionalOnSwitch;
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
 * health, readiness, metrics and the endpoint. The lease's requests take their connections from a
 * small pool of its own ({@link JdbcLeaseConnections}), made from the settings of the application's
 * pool; the DataSource and that pool are closed only after the deployment has given its row back.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnSwitch("xxx.common.jdbc-enabled")
@EnableConfigurationProperties({ CommonProperties.class, LeaseProperties.class, IdLayoutProperties.class,
		JdbcLeaseProperties.class })
@Import(LeaseIdServiceConfiguration.class)
public final class JdbcIdServiceAutoConfiguration {

	// a nested class, so that an application without idgen-jdbc (idgen-spring-boot-starter-redis) never
	// loads a class of it
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcLeaseDeployment.class)
	static class JdbcLeaseConfiguration {

		/**
		 * A bean of its own, so that it closes after the deployment, which depends on it, gave its row
		 * back. The common properties come first: bound, they stop start-up with their own checks (two
		 * lease backends switched on) before a missing DataSource does.
		 */
		@Bean
		@ConditionalOnMissingBean(ClusterDeployment.class)
		JdbcLeaseConnections idgenJdbcLeaseConnections(CommonProperties properties, JdbcLeaseProperties jdbc,
				DataSource dataSource) {
			// a lease request may take a third of the lease timeout (JdbcLeaseDeployment.MIN_LEASE_TIMEOUT)
			return JdbcLeaseConnections.of(dataSource, jdbc.isJdbcLeaseOwnPool(), jdbc.getJdbcLeaseTimeout().dividedBy(3));
		}

		@Bean
		@ConditionalOnMissingBean(ClusterDeployment.class)
		JdbcLeaseDeployment jdbcLeaseDeployment(CommonProperties properties, LeaseProperties lease,
				IdLayoutProperties layouts, JdbcLeaseProperties jdbc, JdbcLeaseConnections connections) {
			JdbcLeaseDeployment.Builder builder = JdbcLeaseDeployment.builder(connections.dataSource())
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
