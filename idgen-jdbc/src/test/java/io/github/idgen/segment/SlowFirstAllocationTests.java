package io.github.idgen.segment;

import java.sql.SQLException;
import java.time.Duration;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.PostgresServer;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A tag's first allocation that outlives the caller's wait (the network to the database stalls,
 * here a frozen TCP proxy) is not lost: once it completes, the next call for the tag gets its ids,
 * and no second range is taken.
 */
class SlowFirstAllocationTests {

	@Test
	void firstRangeThatArrivesAfterTheWaitIsUsedNotSkipped() throws SQLException {
		PostgresServer server = RealDatabases.withTable(PostgresServer.shared());
		String tag = SegmentTables.uniqueTag("slow-first");
		try (TcpProxy proxy = new TcpProxy(server.port());
				HikariDataSource direct = server.pool(1);
				HikariDataSource proxied = server.pool(1, proxy.port(), null);
				SegmentIdServices services = new SegmentIdServices(new JdbcSegmentStore(proxied, SegmentTables.TABLE),
						RealDatabases.settings(100, Duration.ofMillis(300)))) {
			SegmentTables.insertTag(direct, tag, 100);
			// a pooled connection used just now (so not validated again), on which the allocation hangs
			proxied.getConnection().close();
			proxy.freeze();
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(() -> services.forTag(tag))
				.withMessageContaining("(allocation still in flight)");
			proxy.thaw();
			await().until(() -> RealDatabases.maxId(direct, tag) == 100);
			assertThat(services.forTag(tag).nextId()).isEqualTo(1);
			assertThat(services.service(tag).statistics().allocations()).isEqualTo(1);
		}
	}

}
