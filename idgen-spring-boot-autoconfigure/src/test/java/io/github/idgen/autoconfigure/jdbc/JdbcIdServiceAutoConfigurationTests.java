package io.github.idgen.autoconfigure.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.autoconfigure.zookeeper.ClusterIdServiceAutoConfiguration;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.info.LeaseInfo;
import io.github.idgen.jdbc.JdbcLeaseDeployment;
import io.github.idgen.jdbc.LeaseTableMissingException;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.SnowflakeId;
import io.github.idgen.snowflake.SnowflakeLayout;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * JDBC mode's wiring, on an embedded H2 (the lease's behaviour on database servers is proven in
 * {@code io.github.idgen.jdbc}).
 */
class JdbcIdServiceAutoConfigurationTests {

	private static final AtomicInteger databases = new AtomicInteger();

	private final JdbcDataSource dataSource = new JdbcDataSource();

	{
		this.dataSource.setURL("jdbc:h2:mem:autoconfig-" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
	}

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class,
				ClusterIdServiceAutoConfiguration.class, JdbcIdServiceAutoConfiguration.class))
		.withBean(DataSource.class, () -> this.dataSource)
		.withPropertyValues("xxx.common.jdbc-enabled=true", "xxx.common.jdbc-lease-timeout=3s");

	@Test
	void jdbcEnabledLeasesAWorkerIdFromTheDataSourceAndServesIdsThroughTheProxy() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(JdbcLeaseDeployment.class).hasSingleBean(IdService.class);
			assertThat(context).doesNotHaveBean(IdServiceTwitter.class);
			assertThat(context).getBean("idService").isInstanceOf(IdServiceProxy.class);
			WorkerIdLease lease = context.getBean(IdServiceProxy.class).getLease();
			assertThat(lease.getPath()).startsWith("/idgen_worker_lease/default/");
			SnowflakeId id = SnowflakeLayout.TWITTER.decompose(context.getBean(IdService.class).nextId());
			assertThat(id.workerId()).isEqualTo(lease.getWorkerId());
		});
	}

	@Test
	void jdbcModeDescribesTheProxyAndItsLeaseToOperators() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(IdServiceInfo.class).hasSingleBean(JdbcIdServiceInfo.class);
			IdServiceInfo info = context.getBean(IdServiceInfo.class);
			assertThat(info.mode()).isEqualTo("jdbc");
			assertThat(info.isIssuing()).isTrue();
			assertThat(info.lease()).isNotNull();
			assertThat(info.lease().path()).isEqualTo(context.getBean(IdServiceProxy.class).getLease().getPath());
			assertThat(info.lease().backend()).isEqualTo(LeaseInfo.Backend.JDBC);
			assertThat(info.lease().sessionId()).isNull();
			assertThat(info.lease().holder().token())
				.isEqualTo(context.getBean(IdServiceProxy.class).getLease().getHolder().token());
		});
	}

	@Test
	void jdbcPropertiesAreBoundIntoTheLease() {
		this.contextRunner
			.withPropertyValues("xxx.common.jdbc-lease-group=orders", "xxx.common.jdbc-lease-table=worker_leases",
					"xxx.common.jdbc-initialize-schema=always", "xxx.common.lease-range=node-id",
					"xxx.common.instance-name=orders-7")
			.run((context) -> {
				JdbcLeaseDeployment deployment = context.getBean(JdbcLeaseDeployment.class);
				assertThat(deployment.getPath()).isEqualTo("/worker_leases/orders");
				assertThat(deployment.getRange()).isEqualTo(LeaseRange.NODE_ID);
				assertThat(deployment.getHolder().instanceName()).isEqualTo("orders-7");
				deployment.getWorkerId();
				assertThat(rowsHeldIn("worker_leases", "orders")).isEqualTo(1);
			});
	}

	@Test
	void closingTheContextGivesTheRowBackAtOnce() throws Exception {
		this.contextRunner.run((context) -> {
			context.getBean(IdService.class).nextId();
			assertThat(rowsHeldIn("idgen_worker_lease", "default")).isEqualTo(1);
		});
		assertThat(rowsHeldIn("idgen_worker_lease", "default")).isZero();
	}

	@Test
	void bothZooKeeperAndJdbcEnabledFailsStartUpNamingBothKeys() {
		this.contextRunner.withPropertyValues("xxx.common.zookeeper-enabled=true", "xxx.common.zookeeper-addr=127.0.0.1:1")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context).getFailure()
					.rootCause()
					.hasMessageContaining("xxx.common.zookeeper-enabled and xxx.common.jdbc-enabled are both true");
			});
	}

	@Test
	void aLeaseTimeoutBelowOneSecondFailsStartUpNamingTheProperty() {
		this.contextRunner.withPropertyValues("xxx.common.jdbc-lease-timeout=500ms").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("xxx.common.jdbc-lease-timeout must be at least 1000ms");
		});
	}

	@Test
	void aMissingTableThatMayNotBeCreatedFailsStartUpWithTheScriptToCreateIt() {
		this.contextRunner.withPropertyValues("xxx.common.jdbc-initialize-schema=never").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context).getFailure().rootCause().isInstanceOf(LeaseTableMissingException.class);
			FailureAnalysis analysis = new LeaseTableMissingFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("'idgen_worker_lease' does not exist in H2");
			assertThat(analysis.getAction()).contains("classpath:io/github/idgen/jdbc/schema-h2.sql")
				.contains("xxx.common.jdbc-initialize-schema=always");
		});
	}

	@Test
	void jdbcEnabledWithoutADataSourceFailsStartUp() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, JdbcIdServiceAutoConfiguration.class))
			.withPropertyValues("xxx.common.jdbc-enabled=true")
			.run((context) -> {
				assertThat(context).hasFailed();
				assertThat(context).getFailure().hasMessageContaining("javax.sql.DataSource");
			});
	}

	@Test
	void aUserIdServiceMakesTheProxyBackOff() {
		this.contextRunner.withBean(IdService.class, () -> IdServiceTwitter.builder().build()).run((context) -> {
			assertThat(context).hasSingleBean(IdService.class).doesNotHaveBean(IdServiceProxy.class);
			assertThat(context).doesNotHaveBean(IdServiceInfo.class);
		});
	}

	@Test
	void aUserClusterDeploymentIsUsedInsteadOfTheJdbcOne() {
		this.contextRunner
			.withBean("userDeployment", ClusterDeployment.class, () -> {
				JdbcLeaseDeployment deployment = JdbcLeaseDeployment.builder(this.dataSource).leaseGroup("user").build();
				deployment.start();
				return deployment;
			})
			.run((context) -> {
				assertThat(context).hasSingleBean(ClusterDeployment.class).hasBean("userDeployment");
				assertThat(context.getBean(IdServiceProxy.class).getLease().getPath()).startsWith("/idgen_worker_lease/user/");
			});
	}

	@Test
	void jdbcDisabledCreatesNoDeploymentAndFixedModeServes() {
		this.contextRunner.withPropertyValues("xxx.common.jdbc-enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(JdbcLeaseDeployment.class).doesNotHaveBean(IdServiceProxy.class);
			assertThat(context).hasSingleBean(IdServiceTwitter.class);
		});
	}

	private long rowsHeldIn(String table, String group) throws Exception {
		try (Connection connection = this.dataSource.getConnection(); Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery(
						"SELECT COUNT(*) FROM " + table + " WHERE holder IS NOT NULL AND lease_group = '" + group + "'")) {
			rows.next();
			return rows.getLong(1);
		}
	}

}
