package io.github.idgen.segment;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.ServerSessions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An allocation on a pool whose only connection other code left inside a transaction (SQL
 * {@code BEGIN} or {@code START TRANSACTION}, given back without a commit; the driver still reports
 * auto-commit). Run inside that transaction, PostgreSQL's one-statement allocation would return a
 * range that is never committed, and hand it out again once the connection died; the transaction of
 * the other databases would commit the other code's work along with the range.
 */
class LeftOpenTransactionTests {

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void aRangeTakenOnAConnectionLeftInsideATransactionIsCommittedAndTheOtherWorkIsNot(DatabaseServer server)
			throws Exception {
		String tag = SegmentTables.uniqueTag("left-open");
		try (HikariDataSource pool = server.pool(1); HikariDataSource other = server.pool(1)) {
			SegmentTables.insertTag(pool, tag, 100);
			String note = "left open before " + tag;
			long session = ServerSessions.leaveTransactionOpen(server, pool, note);

			SegmentRange first = new JdbcSegmentStore(pool, SegmentTables.TABLE).allocate(tag, 1);

			assertThat(ServerSessions.isInsideTransaction(server, session)).isFalse();
			assertThat(ServerSessions.isCommitted(server, note)).as("the other code's work rolled back, not committed")
				.isFalse();
			// the connection dies; a range taken after it comes after the first
			ServerSessions.kill(server, session);
			SegmentRange second = new JdbcSegmentStore(other, SegmentTables.TABLE).allocate(tag, 1);
			assertThat(second.firstId()).isGreaterThan(first.lastId());
		}
	}

}
