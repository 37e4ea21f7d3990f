package io.github.idgen.segment;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.PostgresServer;
import io.github.idgen.testsupport.SynchronousCommitOff;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Allocations on PostgreSQL for a role (or database) with {@code synchronous_commit = off}, where an
 * acknowledged commit can be lost in a crash and a range already handed out could be handed out
 * again: both ways of allocating pin it on for their own transaction, in the same round trip.
 * (MySQL and MariaDB have no such session setting; docs/segments.md says what their operators set.)
 */
class DurableCommitTests {

	private static final String TABLE = "idgen_segment_durable";

	@Test
	void everyAllocationCommitsWithSynchronousCommitOnForARoleThatHasItOff() throws Exception {
		PostgresServer server = PostgresServer.shared();
		try (HikariDataSource pool = SynchronousCommitOff.pool(server)) {
			server.execute(SegmentTables.schema("PostgreSQL").replace(SegmentTables.TABLE, TABLE));
			SynchronousCommitOff.recordOnUpdate(server, TABLE);
			server.execute("INSERT INTO " + TABLE + " (tag, max_id, step, max_limit_id) VALUES ('durable', 0, 100, 150)");
			JdbcSegmentStore store = new JdbcSegmentStore(pool, TABLE);

			// a full step in one statement, then the last, shorter range in a transaction
			assertThat(store.allocate("durable", 1)).isEqualTo(new SegmentRange("durable", 1, 100, 100, 150));
			assertThat(store.allocate("durable", 1)).isEqualTo(new SegmentRange("durable", 101, 150, 100, 150));

			assertThat(SynchronousCommitOff.recorded(server, TABLE)).containsExactly("on", "on");
			assertThat(SynchronousCommitOff.sessionSetting(pool)).as("the session's own setting").isEqualTo("off");
		}
	}

}
