package io.github.idgen.shardingsphere;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.apache.shardingsphere.driver.api.yaml.YamlShardingSphereDataSourceFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.github.idgen.shard.Shards;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.ShardedGenerator;
import io.github.idgen.testsupport.PostgresServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * ShardingSphere-JDBC over four PostgreSQL databases, configured from YAML with {@code IDGEN_SHARD} and
 * {@code IDGEN}: orders inserted with ids carrying their user's shard are found by order id alone on the
 * one database that holds them, the same one a query by user id reaches.
 */
class ShardingSpherePostgresTests {

	static final int NODES = 4;

	static final int SHARD_BITS = 6;

	static final int USERS = 3000;

	static final ShardedGenerator orders = ShardedOrderIds.generator(SHARD_BITS);

	static final IdServiceTwitter events = new IdServiceTwitter(2, 1);

	static final List<HikariDataSource> pools = new ArrayList<>();

	static final Map<String, CountingDataSource> nodes = new LinkedHashMap<>();

	static DataSource sharded;

	/** user id to the id of the order inserted for it */
	static final Map<Long, Long> orderOfUser = new HashMap<>();

	@BeforeAll
	static void createShardedDatabase() throws Exception {
		PostgresServer postgres = PostgresServer.shared();
		for (int node = 0; node < NODES; node++) {
			postgres.execute("DROP DATABASE IF EXISTS idgen_ss_" + node, "CREATE DATABASE idgen_ss_" + node);
			HikariConfig config = new HikariConfig();
			config.setJdbcUrl(postgres.jdbcUrl().replace("/postgres", "/idgen_ss_" + node));
			config.setUsername(postgres.username());
			config.setPassword(postgres.password());
			config.setMaximumPoolSize(4);
			HikariDataSource pool = new HikariDataSource(config);
			pools.add(pool);
			try (Connection connection = pool.getConnection()) {
				connection.createStatement()
					.execute("CREATE TABLE t_order (order_id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, amount INT)");
				connection.createStatement()
					.execute("CREATE TABLE t_event (event_id BIGINT PRIMARY KEY, user_id BIGINT NOT NULL, kind TEXT)");
			}
			nodes.put("ds_" + node, new CountingDataSource(pool));
		}
		IdgenKeyGenerators.register("events", events);
		sharded = YamlShardingSphereDataSourceFactory.createDataSource(new HashMap<>(nodes), yaml());
		insertOrders();
	}

	static byte[] yaml() throws IOException {
		try (InputStream in = ShardingSpherePostgresTests.class.getResourceAsStream("/shardingsphere-orders.yaml")) {
			return in.readAllBytes();
		}
	}

	static void insertOrders() throws SQLException {
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection
					.prepareStatement("INSERT INTO t_order (order_id, user_id, amount) VALUES (?, ?, ?)")) {
			connection.setAutoCommit(false);
			for (long user = 1; user <= USERS; user++) {
				long orderId = orders.nextId(Shards.ofNumber(user, SHARD_BITS));
				orderOfUser.put(user, orderId);
				insert.setLong(1, orderId);
				insert.setLong(2, user);
				insert.setInt(3, (int) (user % 100));
				assertThat(insert.executeUpdate()).isEqualTo(1);
			}
			connection.commit();
		}
	}

	@AfterAll
	static void close() throws Exception {
		IdgenKeyGenerators.unregister("events", events);
		if (sharded instanceof AutoCloseable closeable) {
			closeable.close();
		}
		pools.forEach(HikariDataSource::close);
	}

	@BeforeEach
	void resetCounts() {
		nodes.values().forEach(CountingDataSource::reset);
	}

	@Test
	void everyOrderLiesOnTheDatabaseOfItsUser() throws SQLException {
		int total = 0;
		for (int node = 0; node < NODES; node++) {
			try (Connection connection = pools.get(node).getConnection();
					ResultSet rows = connection.createStatement().executeQuery("SELECT order_id, user_id FROM t_order")) {
				while (rows.next()) {
					assertThat(rows.getLong("user_id") % NODES).as("user of an order on ds_%d", node).isEqualTo(node);
					assertThat(rows.getLong("order_id") % NODES).as("order id on ds_%d", node).isEqualTo(node);
					total++;
				}
			}
		}
		assertThat(total).isEqualTo(USERS);
	}

	@Test
	void selectByOrderIdReachesOnlyTheNodeOfItsUserAndFindsTheRow() throws SQLException {
		try (Connection connection = sharded.getConnection();
				PreparedStatement select = connection
					.prepareStatement("SELECT user_id, amount FROM t_order WHERE order_id = ?")) {
			for (long user = 1; user <= USERS; user += 7) {
				resetCounts();
				select.setLong(1, orderOfUser.get(user));
				try (ResultSet row = select.executeQuery()) {
					assertThat(row.next()).as("order of user %d found", user).isTrue();
					assertThat(row.getLong("user_id")).isEqualTo(user);
					assertThat(row.next()).isFalse();
				}
				assertThat(statementsPerNode()).as("statements per node for the order of user %d", user)
					.isEqualTo(onlyOn(user % NODES));
			}
		}
	}

	@Test
	void selectByUserIdReachesTheSameSingleNode() throws SQLException {
		try (Connection connection = sharded.getConnection();
				PreparedStatement select = connection.prepareStatement("SELECT order_id FROM t_order WHERE user_id = ?")) {
			for (long user = 1; user <= USERS; user += 7) {
				resetCounts();
				select.setLong(1, user);
				try (ResultSet row = select.executeQuery()) {
					assertThat(row.next()).isTrue();
					assertThat(row.getLong("order_id")).isEqualTo(orderOfUser.get(user));
				}
				assertThat(statementsPerNode()).isEqualTo(onlyOn(user % NODES));
			}
		}
	}

	@Test
	void inListReachesTheNodesOfItsIdsOnly() throws SQLException {
		try (Connection connection = sharded.getConnection();
				PreparedStatement select = connection
					.prepareStatement("SELECT user_id FROM t_order WHERE order_id IN (?, ?, ?) ORDER BY user_id")) {
			select.setLong(1, orderOfUser.get(4L));
			select.setLong(2, orderOfUser.get(8L));
			select.setLong(3, orderOfUser.get(9L));
			List<Long> users = new ArrayList<>();
			try (ResultSet rows = select.executeQuery()) {
				while (rows.next()) {
					users.add(rows.getLong(1));
				}
			}
			assertThat(users).containsExactly(4L, 8L, 9L);
			assertThat(nodesReached()).containsExactly("ds_0", "ds_1");
		}
	}

	@Test
	void queryWithNeitherColumnReachesEveryNode() throws SQLException {
		try (Connection connection = sharded.getConnection();
				ResultSet count = connection.createStatement().executeQuery("SELECT COUNT(*) FROM t_order WHERE amount = 42")) {
			count.next();
			assertThat(count.getLong(1)).isEqualTo(USERS / 100);
		}
		assertThat(nodesReached()).containsExactly("ds_0", "ds_1", "ds_2", "ds_3");
	}

	@Test
	void insertWithoutAnIdTakesTheRegisteredGeneratorsIdAndLandsOnTheUsersNode() throws SQLException {
		long lastBefore = events.lastIssuedId();
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection.prepareStatement("INSERT INTO t_event (user_id, kind) VALUES (?, ?)")) {
			insert.setLong(1, 6);
			insert.setString(2, "signed-up");
			assertThat(insert.executeUpdate()).isEqualTo(1);
		}
		assertThat(nodesReached()).containsExactly("ds_2");
		try (Connection connection = pools.get(2).getConnection();
				ResultSet row = connection.createStatement().executeQuery("SELECT event_id FROM t_event WHERE user_id = 6")) {
			assertThat(row.next()).isTrue();
			assertThat(row.getLong(1)).isGreaterThan(lastBefore).isEqualTo(events.lastIssuedId());
		}
	}

	@Test
	void insertWithAnIdIssuedForAnotherUsersShardIsRefused() throws SQLException {
		long idOfShard1 = orders.nextId(1);
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection
					.prepareStatement("INSERT INTO t_order (order_id, user_id, amount) VALUES (?, ?, ?)")) {
			insert.setLong(1, idOfShard1);
			insert.setLong(2, 2);
			insert.setInt(3, 1);
			assertThatThrownBy(insert::executeUpdate).isInstanceOf(SQLException.class)
				.hasMessageContaining("an id must be issued for the shard of its row's key");
		}
		assertThat(nodesReached()).isEmpty();
	}

	static Map<String, Integer> statementsPerNode() {
		Map<String, Integer> counts = new LinkedHashMap<>();
		nodes.forEach((name, node) -> counts.put(name, node.executed()));
		return counts;
	}

	static Map<String, Integer> onlyOn(long node) {
		Map<String, Integer> counts = new LinkedHashMap<>();
		nodes.keySet().forEach((name) -> counts.put(name, name.equals("ds_" + node) ? 1 : 0));
		return counts;
	}

	static Set<String> nodesReached() {
		Set<String> reached = new TreeSet<>();
		nodes.forEach((name, node) -> {
			if (node.executed() > 0) {
				reached.add(name);
			}
		});
		return reached;
	}

}
