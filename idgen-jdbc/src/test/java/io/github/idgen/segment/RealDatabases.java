package io.github.idgen.segment;

import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import javax.sql.DataSource;

import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.DatabaseServerAssertions;
import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Named;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The real servers the segment scenarios run on, and checks they share.
 */
final class RealDatabases {

	private RealDatabases() {
	}

	/** PostgreSQL and MariaDB, shared by every test class of the JVM, with the segment table. */
	static Stream<Named<DatabaseServer>> shared() {
		return Stream.of(Named.of("PostgreSQL", withTable(PostgresServer.shared())),
				Named.of("MariaDB", withTable(MariaDbServer.shared())));
	}

	static <S extends DatabaseServer> S withTable(S server) {
		server.start();
		try (var pool = server.pool(1)) {
			SegmentTables.createTable(pool);
		}
		return server;
	}

	/** Settings with a fixed step (the row's, when it is not above {@code maxStep}) and short waits. */
	static SegmentSettings settings(int maxStep, Duration maxWait) {
		return SegmentSettings.DEFAULTS.withMaxStep(maxStep).withMaxWait(maxWait).withRetryInterval(Duration.ofMillis(50));
	}

	/**
	 * A registry on the segment table of a pool, with {@link #settings(int, Duration)}.
	 * @param allocationTimeout the store's allocation timeout
	 */
	static SegmentIdServices services(DataSource pool, Duration allocationTimeout, int maxStep, Duration maxWait) {
		return new SegmentIdServices(new JdbcSegmentStore(pool, SegmentTables.TABLE, allocationTimeout),
				settings(maxStep, maxWait));
	}

	/** A registry on the segment table of a pool, with the store's default allocation timeout. */
	static SegmentIdServices services(DataSource pool, int maxStep, Duration maxWait) {
		return services(pool, JdbcSegmentStore.DEFAULT_ALLOCATION_TIMEOUT, maxStep, maxWait);
	}

	/**
	 * Asserts that no id occurs twice across all lists and that each list strictly increases.
	 * @param idsPerThread ids in the order each thread (or process) got them
	 * @return the number of ids
	 */
	static int assertUniqueAndEachIncreasing(List<List<Long>> idsPerThread) {
		Set<Long> all = new HashSet<>();
		for (List<Long> ids : idsPerThread) {
			assertThat(ids).isNotEmpty();
			for (int i = 1; i < ids.size(); i++) {
				assertThat(ids.get(i)).as("id after %d", ids.get(i - 1)).isGreaterThan(ids.get(i - 1));
			}
			for (long id : ids) {
				assertThat(all.add(id)).as("id %d issued twice", id).isTrue();
			}
		}
		return all.size();
	}

	/**
	 * Returns how many sessions wait for a row lock now, such as allocations behind a stalled
	 * instance's lock.
	 */
	static long lockWaiters(DatabaseServer server) throws SQLException {
		return DatabaseServerAssertions.singleLong(server, (server instanceof PostgresServer)
				? "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
				: "SELECT count(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'");
	}

	static long maxId(DataSource dataSource, String tag) {
		return SegmentTables.maxId(dataSource, tag);
	}

}
