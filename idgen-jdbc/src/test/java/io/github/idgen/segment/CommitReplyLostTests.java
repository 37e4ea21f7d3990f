package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.snowflake.IdService;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.PostgresServer;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 3: the connection drops right after the server committed an allocation, before the
 * client heard of it (a TCP proxy throws the reply to {@code COMMIT}, or on PostgreSQL to the
 * auto-committed {@code UPDATE ... RETURNING}, away and cuts the connection).
 * The range was taken in the database, so nobody gets it: not this instance, which never saw the
 * commit return, and not another, which allocates above it.
 */
class CommitReplyLostTests {

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void rangeWhoseCommitReplyWasLostIsNeverIssued(DatabaseServer server) {
		String tag = SegmentTables.uniqueTag("lost-reply");
		try (TcpProxy proxy = new TcpProxy(server.port());
				HikariDataSource proxied = server.pool(2, proxy.port(), null);
				HikariDataSource direct = server.pool(2);
				SegmentIdServices instance = new SegmentIdServices(new JdbcSegmentStore(proxied, SegmentTables.TABLE),
						RealDatabases.settings(100, Duration.ofSeconds(5)));
				SegmentIdServices other = new SegmentIdServices(new JdbcSegmentStore(direct, SegmentTables.TABLE),
						RealDatabases.settings(100, Duration.ofSeconds(5)))) {
			SegmentTables.insertTag(direct, tag, 100);
			SegmentIdService service = instance.service(tag);
			List<Long> ids = new ArrayList<>(service.nextIds(5));
			assertThat(ids).containsExactly(1L, 2L, 3L, 4L, 5L);
			// the preload of 101..200 is the next transaction through the proxy; on PostgreSQL it is one
			// UPDATE with auto-commit, which commits before it answers
			proxy.dropReplyAfterClientSends((server instanceof PostgresServer) ? "UPDATE" : "COMMIT");
			ids.addAll(service.nextIds(10));
			// the failed preload is tried again by itself after the retry interval: 201..300
			await().until(() -> !proxy.isTrapArmed() && service.statistics().storeErrors() == 1
					&& service.statistics().nextRangeLoaded());
			assertThat(RealDatabases.maxId(direct, tag)).isEqualTo(300);
			IdService otherService = other.forTag(tag);
			List<Long> otherIds = new ArrayList<>(otherService.nextIds(150));
			ids.addAll(service.nextIds(300));
			assertThat(ids).noneMatch((id) -> id > 100 && id <= 200);
			assertThat(otherIds).noneMatch((id) -> id > 100 && id <= 200);
			assertThat(RealDatabases.assertUniqueAndEachIncreasing(List.of(ids, otherIds))).isEqualTo(465);
		}
	}

}
