package io.github.idgen.autoconfigure.jdbc;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.autoconfigure.IdServiceAutoConfiguration;
import io.github.idgen.info.IdServiceInfo;
import io.github.idgen.snowflake.IdService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * JDBC mode's lease takes its connections from a small pool of its own, made from the settings of the
 * application's HikariCP pool: an application that holds every connection of its pool (a slow query
 * per request, a stalled row lock) does not stop its renewals, and so its Snowflake ids. On H2 in
 * memory: what is tested is whose connections the lease waits for, not the database.
 */
class JdbcLeaseOwnPoolTests {

	private static final AtomicInteger databases = new AtomicInteger();

	/** The application's pool: two connections, and a short wait for one, as a busy service's pool is. */
	private final HikariDataSource pool = new HikariDataSource();

	{
		this.pool.setJdbcUrl("jdbc:h2:mem:own-pool-" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
		this.pool.setPoolName("orders-db");
		this.pool.setMaximumPoolSize(2);
		this.pool.setConnectionTimeout(250);
	}

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdServiceAutoConfiguration.class, JdbcIdServiceAutoConfiguration.class))
		.withBean(DataSource.class, () -> this.pool)
		.withPropertyValues("xxx.common.jdbc-enabled=true", "xxx.common.jdbc-lease-timeout=1s");

	@AfterEach
	void close() {
		this.pool.close();
	}

	@Test
	void theLeaseRenewsWhileTheApplicationHoldsEveryConnectionOfItsPool() {
		this.contextRunner.run((context) -> {
			IdServiceInfo info = context.getBean(IdServiceInfo.class);
			context.getBean(IdService.class).nextId();
			try (Connection first = this.pool.getConnection(); Connection second = this.pool.getConnection()) {
				// three lease timeouts: ids would have stopped ⅔ of one after the last renewal
				Thread.sleep(3_000);
				assertThat(info.whyNotIssuing()).isNull();
				context.getBean(IdService.class).nextId();
			}
		});
	}

	@Test
	void theLeasesPoolHasTheApplicationsSettingsAndClosesOnceTheRowIsGivenBack() throws Exception {
		AtomicReference<HikariDataSource> leasePool = new AtomicReference<>();
		this.contextRunner.run((context) -> {
			context.getBean(IdService.class).nextId();
			JdbcLeaseConnections connections = context.getBean(JdbcLeaseConnections.class);
			assertThat(connections.dataSource()).isInstanceOfSatisfying(HikariDataSource.class, (own) -> {
				assertThat(own).isNotSameAs(this.pool);
				assertThat(own.getJdbcUrl()).isEqualTo(this.pool.getJdbcUrl());
				assertThat(own.getPoolName()).isEqualTo("orders-db-idgen-lease");
				assertThat(own.getMaximumPoolSize()).isEqualTo(2);
				leasePool.set(own);
			});
			assertThat(rowsHeld()).isEqualTo(1);
		});
		assertThat(leasePool.get().isClosed()).isTrue();
		assertThat(rowsHeld()).isZero();
	}

	@Test
	void withoutAPoolOfItsOwnTheLeaseWaitsForTheApplicationsConnections() {
		this.contextRunner.withPropertyValues("xxx.common.jdbc-lease-own-pool=false").run((context) -> {
			assertThat(context.getBean(JdbcLeaseConnections.class).dataSource()).isSameAs(this.pool);
			IdServiceInfo info = context.getBean(IdServiceInfo.class);
			context.getBean(IdService.class).nextId();
			try (Connection first = this.pool.getConnection(); Connection second = this.pool.getConnection()) {
				Thread.sleep(3_000);
				assertThat(info.whyNotIssuing()).isNotNull();
			}
		});
	}

	/** Asked on a connection of its own: the context closes the application's pool with it. */
	private long rowsHeld() throws Exception {
		try (Connection connection = DriverManager.getConnection(this.pool.getJdbcUrl());
				Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM idgen_worker_lease WHERE holder IS NOT NULL")) {
			rows.next();
			return rows.getLong(1);
		}
	}

}
