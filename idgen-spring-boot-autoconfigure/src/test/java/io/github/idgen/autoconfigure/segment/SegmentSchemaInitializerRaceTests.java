package io.github.idgen.autoconfigure.segment;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Several instances starting at once on one empty PostgreSQL database all create the segment table
 * and come up: {@code CREATE TABLE IF NOT EXISTS} is not atomic there (two sessions can both find
 * the table missing, and the second fails on {@code pg_type}'s unique index).
 */
class SegmentSchemaInitializerRaceTests {

	private static final int INSTANCES = 8;

	private static final int ROUNDS = 10;

	@Test
	void instancesStartingAtOnceAllCreateTheTable() throws Exception {
		PostgresServer postgres = PostgresServer.shared();
		ExecutorService executor = Executors.newFixedThreadPool(INSTANCES);
		try (HikariDataSource pool = postgres.pool(INSTANCES)) {
			for (int round = 0; round < ROUNDS; round++) {
				String table = "segment_race_" + round + "_" + ProcessHandle.current().pid();
				CyclicBarrier start = new CyclicBarrier(INSTANCES);
				List<Future<Boolean>> started = new ArrayList<>();
				for (int i = 0; i < INSTANCES; i++) {
					started.add(executor.submit(() -> {
						start.await();
						return new SegmentSchemaInitializer(pool, table, SchemaInitialization.ALWAYS).initializeDatabase();
					}));
				}
				for (Future<Boolean> instance : started) {
					instance.get();
				}
				try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
					statement.executeUpdate("INSERT INTO " + table + " (tag, step) VALUES ('orders', 10)");
					assertThat(statement.executeUpdate("DROP TABLE " + table)).isZero();
				}
			}
		}
		finally {
			executor.shutdownNow();
		}
	}

}
