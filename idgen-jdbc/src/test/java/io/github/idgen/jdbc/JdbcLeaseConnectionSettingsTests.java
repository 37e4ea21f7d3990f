package io.github.idgen.jdbc;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.ServerSessions;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the lease does to the pool's connections: READ COMMITTED for its statements, set only when the
 * pool hands out another level (each change is a round trip on PostgreSQL), and the connection given
 * back as it came, outside any transaction on the server, even one that other code left open on it.
 */
class JdbcLeaseConnectionSettingsTests {

	private static final AtomicInteger databases = new AtomicInteger();

	private final JdbcDataSource h2 = new JdbcDataSource();

	{
		this.h2.setURL("jdbc:h2:mem:lease-settings-" + databases.incrementAndGet() + ";DB_CLOSE_DELAY=-1");
	}

	private final List<Integer> isolationsSet = new CopyOnWriteArrayList<>();

	private final List<Integer> isolationsOfStatements = new CopyOnWriteArrayList<>();

	private final List<Integer> isolationsGivenBack = new CopyOnWriteArrayList<>();

	private final List<Integer> networkTimeoutsSet = new CopyOnWriteArrayList<>();

	@AfterEach
	void dropDatabase() throws SQLException {
		try (Connection connection = this.h2.getConnection()) {
			connection.createStatement().execute("DROP ALL OBJECTS");
		}
	}

	@Test
	void aPoolAtReadCommittedIsNeverAskedToChangeItsIsolation() throws Exception {
		leaseAndGiveBack(recording(Connection.TRANSACTION_READ_COMMITTED));

		assertThat(this.isolationsOfStatements).isNotEmpty().containsOnly(Connection.TRANSACTION_READ_COMMITTED);
		assertThat(this.isolationsSet).isEmpty();
	}

	@Test
	void aPoolAtRepeatableReadRunsTheLeaseAtReadCommittedAndGetsItsConnectionsBackAsTheyCame() throws Exception {
		leaseAndGiveBack(recording(Connection.TRANSACTION_REPEATABLE_READ));

		assertThat(this.isolationsOfStatements).isNotEmpty().containsOnly(Connection.TRANSACTION_READ_COMMITTED);
		assertThat(this.isolationsGivenBack).isNotEmpty().containsOnly(Connection.TRANSACTION_REPEATABLE_READ);
	}

	@Test
	void aRequestIsCutOffAfterAThirdOfTheLeaseTimeoutAlsoBelowThreeSeconds() throws Exception {
		int before = this.h2.getConnection().getNetworkTimeout();
		try (JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(recording(Connection.TRANSACTION_READ_COMMITTED))) {
			support.start(support.builder().leaseTimeout(Duration.ofMillis(1500)).build()).getWorkerId();
		}

		assertThat(this.networkTimeoutsSet).as("set for each request, then put back").contains(500).isSubsetOf(500,
				before);
	}

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void aConnectionLeftInsideATransactionComesBackOutsideAnyWithTheSettingsItCameWith(DatabaseServer server)
			throws Exception {
		try (HikariDataSource pool = server.pool(1, server.port(), "TRANSACTION_REPEATABLE_READ")) {
			// the table exists: creating it would commit the open transaction on MariaDB
			leaseAndGiveBack(pool);
			long session = ServerSessions.leaveTransactionOpen(server, pool, "settings");

			leaseAndGiveBack(pool);

			assertThat(ServerSessions.isInsideTransaction(server, session)).as("inside a transaction on the server")
				.isFalse();
			try (Connection connection = pool.getConnection()) {
				assertThat(ServerSessions.sessionOf(server, connection)).as("the same connection").isEqualTo(session);
				assertThat(connection.getAutoCommit()).isTrue();
				assertThat(connection.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_REPEATABLE_READ);
			}
			assertThat(ServerSessions.isInsideTransaction(server, session)).isFalse();
		}
	}

	private void leaseAndGiveBack(DataSource dataSource) throws Exception {
		try (JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(dataSource)) {
			support.startDeployment().getWorkerId();
		}
	}

	/** H2 connections handed out at {@code isolation}, recording what the lease does with them. */
	private DataSource recording(int isolation) {
		return (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { DataSource.class },
				(dataSource, method, args) -> {
					if (!method.getName().equals("getConnection")) {
						return invoke(method, this.h2, args);
					}
					Connection connection = this.h2.getConnection();
					connection.setTransactionIsolation(isolation);
					return recording(connection);
				});
	}

	private Connection recording(Connection target) {
		return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
				(connection, method, args) -> {
					switch (method.getName()) {
						case "setTransactionIsolation" -> this.isolationsSet.add((Integer) args[0]);
						case "setNetworkTimeout" -> this.networkTimeoutsSet.add((Integer) args[1]);
						case "prepareStatement", "createStatement" ->
							this.isolationsOfStatements.add(target.getTransactionIsolation());
						case "close" -> this.isolationsGivenBack.add(target.getTransactionIsolation());
						default -> {
						}
					}
					return invoke(method, target, args);
				});
	}

	private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

}
