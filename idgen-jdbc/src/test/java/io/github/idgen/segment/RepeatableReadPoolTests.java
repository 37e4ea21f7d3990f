package io.github.idgen.segment;

import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Scenario 7: the pool's connections default to REPEATABLE READ, under which PostgreSQL fails
 * concurrent read-modify-write allocations with serialization errors; four instances allocating the
 * same row concurrently still never fail, because the store sets READ COMMITTED on its transaction
 * and puts the session back. PostgreSQL only: on MariaDB (InnoDB) the row lock's {@code SELECT ...
 * FOR UPDATE} reads the latest committed row at every isolation level, so REPEATABLE READ cannot
 * fail an allocation there, and this scenario would pass with or without the switch; what the store
 * sends there is checked in {@link JdbcSegmentStoreSessionTests}.
 */
class RepeatableReadPoolTests {

	static final int INSTANCES = 4;

	static final int IDS_PER_INSTANCE = 1500;

	@Test
	void concurrentAllocationsSucceedOnARepeatableReadPool() throws Exception {
		PostgresServer server = RealDatabases.withTable(PostgresServer.shared());
		String tag = SegmentTables.uniqueTag("repeatable");
		try (HikariDataSource pool = server.pool(INSTANCES, server.port(), "TRANSACTION_REPEATABLE_READ")) {
			SegmentTables.insertTag(pool, tag, 5);
			List<SegmentIdServices> instances = new ArrayList<>();
			ExecutorService threads = Executors.newFixedThreadPool(INSTANCES);
			try {
				List<Future<List<Long>>> results = new ArrayList<>();
				for (int i = 0; i < INSTANCES; i++) {
					SegmentIdServices instance = new SegmentIdServices(new JdbcSegmentStore(pool, SegmentTables.TABLE),
							RealDatabases.settings(5, Duration.ofSeconds(10)));
					instances.add(instance);
					results.add(threads.submit(() -> {
						IdService service = instance.forTag(tag);
						List<Long> ids = new ArrayList<>();
						for (int n = 0; n < IDS_PER_INSTANCE; n++) {
							ids.add(service.nextId());
						}
						return ids;
					}));
				}
				List<List<Long>> idsPerInstance = new ArrayList<>();
				for (Future<List<Long>> result : results) {
					idsPerInstance.add(result.get());
				}
				assertThat(RealDatabases.assertUniqueAndEachIncreasing(idsPerInstance))
					.isEqualTo(INSTANCES * IDS_PER_INSTANCE);
				for (SegmentIdServices instance : instances) {
					assertThat(instance.statistics()).singleElement().satisfies((statistics) -> {
						assertThat(statistics.storeErrors()).isZero();
						assertThat(statistics.allocations()).isGreaterThanOrEqualTo(IDS_PER_INSTANCE / 5);
					});
				}
			}
			finally {
				threads.shutdown();
				instances.forEach(SegmentIdServices::close);
			}
			try (Connection connection = pool.getConnection()) {
				assertThat(connection.getTransactionIsolation()).isEqualTo(Connection.TRANSACTION_REPEATABLE_READ);
			}
		}
	}

}
