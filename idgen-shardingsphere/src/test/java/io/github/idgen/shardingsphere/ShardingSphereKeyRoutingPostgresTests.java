package io.github.idgen.shardingsphere;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
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
import io.github.idgen.snowflake.ShardedGenerator;
import io.github.idgen.testsupport.PostgresServer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * How {@code IDGEN_SHARD} reads the values a real statement binds, through ShardingSphere-JDBC over four
 * PostgreSQL databases: a key's kind comes from {@code key-type}, never from the Java type it is bound
 * as; a null key or id refuses an {@code INSERT} and finds no row in a query; an id and a key that name
 * different nodes refuse an {@code INSERT} and, in a query, reach the id's node and find no row.
 * <p>
 * The data nodes' pools send {@code setString} values untyped ({@code stringtype=unspecified}), as an
 * application binding a user id read from a request does, so that PostgreSQL compares them with the
 * {@code BIGINT} column.
 */
class ShardingSphereKeyRoutingPostgresTests {

	static final int NODES = 4;

	static final int SHARD_BITS = 6;

	static final ShardedGenerator ids = ShardedOrderIds.generator(SHARD_BITS);

	static final List<HikariDataSource> pools = new ArrayList<>();

	static final Map<String, CountingDataSource> nodes = new LinkedHashMap<>();

	static DataSource sharded;

	@BeforeAll
	static void createShardedDatabase() throws Exception {
		PostgresServer postgres = PostgresServer.shared();
		for (int node = 0; node < NODES; node++) {
			postgres.execute("DROP DATABASE IF EXISTS idgen_ssk_" + node, "CREATE DATABASE idgen_ssk_" + node);
			HikariConfig config = new HikariConfig();
			config.setJdbcUrl(postgres.jdbcUrl().replace("/postgres", "/idgen_ssk_" + node) + "?stringtype=unspecified");
			config.setUsername(postgres.username());
			config.setPassword(postgres.password());
			config.setMaximumPoolSize(4);
			HikariDataSource pool = new HikariDataSource(config);
			pools.add(pool);
			try (Connection connection = pool.getConnection(); Statement ddl = connection.createStatement()) {
				// user_id and author may be null: what refuses a row without a key is the routing, not the table
				ddl.execute("CREATE TABLE t_order (order_id BIGINT PRIMARY KEY, user_id BIGINT, amount INT)");
				ddl.execute("CREATE TABLE t_note (note_id BIGINT PRIMARY KEY, author VARCHAR(64), body TEXT)");
				ddl.execute("CREATE TABLE t_visit (visit_id BIGINT PRIMARY KEY, user_id BIGINT)");
			}
			nodes.put("ds_" + node, new CountingDataSource(pool));
		}
		sharded = YamlShardingSphereDataSourceFactory.createDataSource(new HashMap<>(nodes), yaml());
	}

	static byte[] yaml() throws IOException {
		try (InputStream in = ShardingSphereKeyRoutingPostgresTests.class.getResourceAsStream("/shardingsphere-keys.yaml")) {
			return in.readAllBytes();
		}
	}

	@AfterAll
	static void close() throws Exception {
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
	void aNumberKeyBoundAsTextFindsTheRowInsertedByItsNumber() throws SQLException {
		// 42 is on ds_2 as a number; the CRC-32 of the text "42" would name ds_0
		long orderId = ids.nextId(Shards.ofNumber(42, SHARD_BITS));
		insertOrder(orderId, 42L, 7);
		assertThat(rowsOn(2, "SELECT COUNT(*) FROM t_order WHERE order_id = " + orderId)).isEqualTo(1);
		resetCounts();
		try (Connection connection = sharded.getConnection();
				PreparedStatement select = connection.prepareStatement("SELECT order_id FROM t_order WHERE user_id = ?")) {
			select.setString(1, "42");
			assertThat(ids(select)).containsExactly(orderId);
		}
		assertThat(nodesReached()).containsExactly("ds_2");
		resetCounts();
		assertThat(query("SELECT order_id FROM t_order WHERE user_id = '42'")).containsExactly(orderId);
		assertThat(nodesReached()).containsExactly("ds_2");
	}

	@Test
	void aNumberKeyInsertedAsTextLandsOnTheNodeOfItsNumber() throws SQLException {
		// 43 is on ds_3 as a number, ds_2 as a text
		long orderId = ids.nextId(Shards.ofNumber(43, SHARD_BITS));
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection
					.prepareStatement("INSERT INTO t_order (order_id, user_id, amount) VALUES (?, ?, ?)")) {
			insert.setLong(1, orderId);
			insert.setString(2, "43");
			insert.setInt(3, 1);
			assertThat(insert.executeUpdate()).isEqualTo(1);
		}
		assertThat(rowsOn(3, "SELECT COUNT(*) FROM t_order WHERE user_id = 43")).isEqualTo(1);
		try (Connection connection = sharded.getConnection();
				PreparedStatement select = connection.prepareStatement("SELECT order_id FROM t_order WHERE user_id = ?")) {
			select.setLong(1, 43);
			assertThat(ids(select)).containsExactly(orderId);
		}
	}

	@Test
	void aNumberKeyBoundAsTextThatIsNoIntegerIsRefusedNamingTheColumnAndTheProperty() {
		assertThatThrownBy(() -> query("SELECT order_id FROM t_order WHERE user_id = '4x2'"))
			.isInstanceOf(SQLException.class)
			.hasMessageContaining("user_id")
			.hasMessageContaining("'4x2'")
			.hasMessageContaining("key-type");
		assertThat(nodesReached()).isEmpty();
	}

	@Test
	void aTextKeyIsRoutedByItsCrc32EvenWhenItLooksLikeANumber() throws SQLException {
		long noteId = ids.nextId("42");
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection
					.prepareStatement("INSERT INTO t_note (note_id, author, body) VALUES (?, ?, ?)")) {
			insert.setLong(1, noteId);
			insert.setString(2, "42");
			insert.setString(3, "hello");
			assertThat(insert.executeUpdate()).isEqualTo(1);
		}
		int node = (int) (Shards.crc32("42") % 64 % NODES);
		assertThat(rowsOn(node, "SELECT COUNT(*) FROM t_note WHERE note_id = " + noteId)).isEqualTo(1);
		resetCounts();
		assertThat(query("SELECT note_id FROM t_note WHERE author = '42'")).containsExactly(noteId);
		assertThat(nodesReached()).containsExactly("ds_" + node);
	}

	@Test
	void anInsertWithANullKeyIsRefusedNamingTheColumn() throws SQLException {
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection
					.prepareStatement("INSERT INTO t_order (order_id, user_id, amount) VALUES (?, ?, ?)")) {
			insert.setLong(1, ids.nextId(5));
			insert.setNull(2, Types.BIGINT);
			insert.setInt(3, 1);
			assertThatThrownBy(insert::executeUpdate).isInstanceOf(SQLException.class)
				.hasMessageContaining("t_order")
				.hasMessageContaining("user_id")
				.hasMessageContaining("null");
		}
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection.prepareStatement("INSERT INTO t_visit (visit_id, user_id) VALUES (?, ?)")) {
			insert.setLong(1, 1);
			insert.setNull(2, Types.BIGINT);
			assertThatThrownBy(insert::executeUpdate).isInstanceOf(SQLException.class)
				.hasMessageContaining("t_visit")
				.hasMessageContaining("user_id");
		}
		assertThat(nodesReached()).isEmpty();
	}

	@Test
	void anInsertLeavingOutTheKeyColumnIsRefusedNamingIt() {
		assertThatThrownBy(() -> update("INSERT INTO t_order (order_id, amount) VALUES (" + ids.nextId(6) + ", 1)"))
			.isInstanceOf(SQLException.class)
			.hasMessageContaining("user_id");
		assertThat(nodesReached()).isEmpty();
	}

	@Test
	void anInsertWithANullIdIsRefusedNamingTheColumn() {
		assertThatThrownBy(() -> update("INSERT INTO t_order (order_id, user_id, amount) VALUES (NULL, 5, 1)"))
			.isInstanceOf(SQLException.class)
			.hasMessageContaining("order_id");
		assertThat(nodesReached()).isEmpty();
	}

	@Test
	void aQueryForANullKeyOrIdFindsNoRow() throws SQLException {
		insertOrder(ids.nextId(Shards.ofNumber(9, SHARD_BITS)), 9L, 3);
		try (Connection connection = sharded.getConnection();
				PreparedStatement byUser = connection.prepareStatement("SELECT order_id FROM t_order WHERE user_id = ?");
				PreparedStatement byOrder = connection.prepareStatement("SELECT order_id FROM t_order WHERE order_id = ?")) {
			byUser.setNull(1, Types.BIGINT);
			assertThat(ids(byUser)).isEmpty();
			byOrder.setNull(1, Types.BIGINT);
			assertThat(ids(byOrder)).isEmpty();
		}
		assertThat(query("SELECT order_id FROM t_order WHERE user_id IS NULL")).isEmpty();
		assertThat(query("SELECT order_id FROM t_order WHERE user_id IN (9, NULL)")).hasSize(1);
	}

	@Test
	void aQueryForAnotherUsersOrderReachesTheOrdersNodeAndFindsNoRow() throws SQLException {
		long orderOfUser1 = ids.nextId(Shards.ofNumber(1, SHARD_BITS));
		insertOrder(orderOfUser1, 1L, 10);
		resetCounts();
		try (Connection connection = sharded.getConnection();
				PreparedStatement select = connection
					.prepareStatement("SELECT order_id FROM t_order WHERE order_id = ? AND user_id = ?")) {
			// ShardingSphere 5.5.2 clears a prepared statement's parameters after each execution: set both each time
			select.setLong(1, orderOfUser1);
			select.setLong(2, 2);
			assertThat(ids(select)).isEmpty();
			assertThat(nodesReached()).containsExactly("ds_1");
			select.setLong(1, orderOfUser1);
			select.setLong(2, 1);
			assertThat(ids(select)).containsExactly(orderOfUser1);
		}
		resetCounts();
		assertThat(update("UPDATE t_order SET amount = 0 WHERE order_id = " + orderOfUser1 + " AND user_id = 2")).isZero();
		assertThat(nodesReached()).containsExactly("ds_1");
	}

	@Test
	void anInsertWithAnIdIssuedForAnotherUsersShardIsRefused() throws SQLException {
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection
					.prepareStatement("INSERT INTO t_order (order_id, user_id, amount) VALUES (?, ?, ?)")) {
			insert.setLong(1, ids.nextId(1));
			insert.setString(2, "2");
			insert.setInt(3, 1);
			assertThatThrownBy(insert::executeUpdate).isInstanceOf(SQLException.class)
				.hasMessageContaining("an id must be issued for the shard of its row's key");
		}
		// a batch with one bad row is refused before any row is sent (ShardingSphere 5.5.2's addBatch passes
		// the refusal on as it is, not as an SQLException)
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection
					.prepareStatement("INSERT INTO t_order (order_id, user_id, amount) VALUES (?, ?, ?)")) {
			assertThatThrownBy(() -> {
				insert.setLong(1, ids.nextId(Shards.ofNumber(13, SHARD_BITS)));
				insert.setLong(2, 13);
				insert.setInt(3, 1);
				insert.addBatch();
				insert.setLong(1, ids.nextId(1));
				insert.setLong(2, 14);
				insert.setInt(3, 1);
				insert.addBatch();
				insert.executeBatch();
			}).hasMessageContaining("an id must be issued for the shard of its row's key");
		}
		// one bad row of several refuses them all
		assertThatThrownBy(() -> update("INSERT INTO t_order (order_id, user_id, amount) VALUES ("
				+ ids.nextId(Shards.ofNumber(11, SHARD_BITS)) + ", 11, 1), (" + ids.nextId(1) + ", 12, 1)"))
			.isInstanceOf(SQLException.class)
			.hasMessageContaining("user_id [12]");
		assertThat(nodesReached()).isEmpty();
	}

	static void insertOrder(long orderId, Long userId, int amount) throws SQLException {
		try (Connection connection = sharded.getConnection();
				PreparedStatement insert = connection
					.prepareStatement("INSERT INTO t_order (order_id, user_id, amount) VALUES (?, ?, ?)")) {
			insert.setLong(1, orderId);
			insert.setLong(2, userId);
			insert.setInt(3, amount);
			assertThat(insert.executeUpdate()).isEqualTo(1);
		}
	}

	static List<Long> query(String sql) throws SQLException {
		try (Connection connection = sharded.getConnection(); Statement statement = connection.createStatement();
				ResultSet rows = statement.executeQuery(sql)) {
			return ids(rows);
		}
	}

	static int update(String sql) throws SQLException {
		try (Connection connection = sharded.getConnection(); Statement statement = connection.createStatement()) {
			return statement.executeUpdate(sql);
		}
	}

	static List<Long> ids(PreparedStatement select) throws SQLException {
		try (ResultSet rows = select.executeQuery()) {
			return ids(rows);
		}
	}

	static List<Long> ids(ResultSet rows) throws SQLException {
		List<Long> ids = new ArrayList<>();
		while (rows.next()) {
			ids.add(rows.getLong(1));
		}
		return ids;
	}

	/** A count on one data node, asked directly, not through ShardingSphere. */
	static long rowsOn(int node, String countQuery) throws SQLException {
		try (Connection connection = pools.get(node).getConnection(); Statement statement = connection.createStatement();
				ResultSet count = statement.executeQuery(countQuery)) {
			count.next();
			return count.getLong(1);
		}
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
