package io.github.idgen.segment;

import java.util.Collections;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.testsupport.DatabaseServer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 4: an instance is killed with {@code kill -9} while it takes ids and is started again:
 * its new ids are above its old ranges, including the ones it held in memory and never issued.
 */
class InstanceKillTests {

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void restartedInstanceIssuesIdsAboveItsOldRanges(DatabaseServer server) throws Exception {
		String tag = SegmentTables.uniqueTag("killed");
		try (HikariDataSource pool = server.pool(1)) {
			SegmentTables.insertTag(pool, tag, 50);
			ClientProcesses.Client before = ClientProcesses.start(server, tag, 2, 0, 200);
			before.awaitReady();
			await().until(() -> before.all.size() > 500);
			before.kill();
			long maxIssued = Collections.max(before.all);
			long maxIdAfterKill = RealDatabases.maxId(pool, tag);
			assertThat(maxIdAfterKill).isGreaterThanOrEqualTo(maxIssued);
			ClientProcesses.Client after = ClientProcesses.start(server, tag, 1, 100, 200);
			after.awaitReady();
			after.awaitDone();
			assertThat(after.all).hasSize(100).allMatch((id) -> id > maxIdAfterKill);
		}
	}

}
