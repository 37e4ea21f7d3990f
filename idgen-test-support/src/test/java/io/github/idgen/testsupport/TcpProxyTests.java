package io.github.idgen.testsupport;

import java.net.SocketTimeoutException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class TcpProxyTests {

	@RegisterExtension
	static final PostgresServer postgres = new PostgresServer();

	@Test
	void forwardsQueriesToTheServer() throws SQLException {
		try (TcpProxy proxy = new TcpProxy(postgres.port()); Connection connection = connect(proxy)) {
			assertThat(query(connection, "SELECT 7")).isEqualTo(7);
		}
	}

	@Test
	void frozenProxyHoldsRepliesWithoutClosingAndThawDeliversThem() throws SQLException {
		try (TcpProxy proxy = new TcpProxy(postgres.port()); Connection connection = connect(proxy)) {
			connection.createStatement().execute("SET statement_timeout = 0");
			proxy.freeze();
			// the driver's socket timeout (1 s) fires: the peer is silent, not gone
			assertThatExceptionOfType(SQLException.class).isThrownBy(() -> query(connection, "SELECT 1"))
				.withRootCauseInstanceOf(SocketTimeoutException.class);
			proxy.thaw();
			try (Connection second = connect(proxy)) {
				assertThat(query(second, "SELECT 2")).isEqualTo(2);
			}
		}
	}

	@Test
	void silencedConnectionsStaySilentWhileNewConnectionsWork() throws SQLException {
		try (TcpProxy proxy = new TcpProxy(postgres.port()); Connection connection = connect(proxy)) {
			assertThat(query(connection, "SELECT 1")).isEqualTo(1);
			proxy.silenceOpenConnections();
			try (Connection fresh = connect(proxy)) {
				assertThat(query(fresh, "SELECT 2")).isEqualTo(2);
			}
			assertThatExceptionOfType(SQLException.class).isThrownBy(() -> query(connection, "SELECT 3"))
				.withRootCauseInstanceOf(SocketTimeoutException.class);
		}
	}

	@Test
	void cutConnectionsEndsOpenConnections() throws SQLException {
		try (TcpProxy proxy = new TcpProxy(postgres.port()); Connection connection = connect(proxy)) {
			assertThat(query(connection, "SELECT 1")).isEqualTo(1);
			proxy.cutConnections();
			assertThatExceptionOfType(SQLException.class).isThrownBy(() -> query(connection, "SELECT 1"));
			assertThat(connection.isValid(1)).isFalse();
		}
	}

	@Test
	void droppedReplyToCommitLeavesTheCommitDoneButUnacknowledged() throws SQLException {
		postgres.execute("CREATE TABLE unacknowledged (id INTEGER PRIMARY KEY)");
		try (TcpProxy proxy = new TcpProxy(postgres.port()); Connection connection = connect(proxy)) {
			connection.setAutoCommit(false);
			connection.createStatement().execute("INSERT INTO unacknowledged VALUES (1)");
			proxy.dropReplyAfterClientSends("COMMIT");
			assertThatExceptionOfType(SQLException.class).isThrownBy(connection::commit);
			assertThat(proxy.isTrapArmed()).isFalse();
		}
		assertThat(DatabaseServerAssertions.singleLong(postgres, "SELECT count(*) FROM unacknowledged")).isEqualTo(1);
	}

	private static Connection connect(TcpProxy proxy) throws SQLException {
		Properties properties = new Properties();
		properties.setProperty("user", postgres.username());
		properties.setProperty("socketTimeout", "1");
		return DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + proxy.port() + "/postgres", properties);
	}

	private static long query(Connection connection, String sql) throws SQLException {
		try (Statement statement = connection.createStatement(); var result = statement.executeQuery(sql)) {
			result.next();
			return result.getLong(1);
		}
	}

}
