package io.github.idgen.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * An allocation that the database does not answer gives up after the store's allocation timeout,
 * shows as a store error, and the tag gets its next range by itself once the database can answer:
 * <ul>
 * <li>the pooled connections go silent for good while new ones work (a firewall or NAT that dropped
 * their state, a database host that vanished behind a failover address): nothing answers, nothing
 * resets, and TCP alone would wait for a quarter of an hour (Linux);</li>
 * <li>another instance holds the tag's row lock and stalls (a long GC pause, a frozen container)
 * in the middle of its allocation.</li>
 * </ul>
 */
class SilentConnectionTests {

	static final Duration ALLOCATION_TIMEOUT = Duration.ofSeconds(2);

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void allocationOnASilentConnectionGivesUpAndTheTagRecoversOnANewConnection(DatabaseServer server) {
		String tag = SegmentTables.uniqueTag("silent");
		try (TcpProxy proxy = new TcpProxy(server.port());
				HikariDataSource direct = server.pool(1);
				HikariDataSource proxied = server.pool(2, proxy.port(), null);
				SegmentIdServices services = new SegmentIdServices(
						new JdbcSegmentStore(proxied, SegmentTables.TABLE, ALLOCATION_TIMEOUT),
						RealDatabases.settings(100, Duration.ofMillis(300)))) {
			SegmentTables.insertTag(direct, tag, 100);
			SegmentIdService service = services.service(tag);
			List<Long> ids = new ArrayList<>(service.nextIds(5));
			proxy.silenceOpenConnections();
			// past the preload point: the next range is asked for on a connection that went silent
			ids.addAll(service.nextIds(95));
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId);
			await().atMost(Duration.ofSeconds(30)).ignoreExceptions().untilAsserted(() -> ids.add(service.nextId()));
			assertThat(service.statistics().storeErrors()).isPositive();
			ids.addAll(service.nextIds(150));
			assertThat(RealDatabases.assertUniqueAndEachIncreasing(List.of(ids))).isEqualTo(251);
		}
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("io.github.idgen.segment.RealDatabases#shared")
	void rowLockHeldByAStalledInstanceShowsAsAStoreErrorAndTheTagGoesOnOnceItIsReleased(DatabaseServer server)
			throws SQLException {
		String tag = SegmentTables.uniqueTag("row-lock");
		try (HikariDataSource pool = server.pool(2);
				SegmentIdServices services = new SegmentIdServices(
						new JdbcSegmentStore(pool, SegmentTables.TABLE, ALLOCATION_TIMEOUT),
						RealDatabases.settings(100, Duration.ofMillis(300)));
				Connection stalled = pool.getConnection()) {
			SegmentTables.insertTag(pool, tag, 100);
			SegmentIdService service = services.service(tag);
			List<Long> ids = new ArrayList<>(service.nextIds(5));
			stalled.setAutoCommit(false);
			try (PreparedStatement lock = stalled
				.prepareStatement("SELECT max_id FROM " + SegmentTables.TABLE + " WHERE tag = ? FOR UPDATE")) {
				lock.setString(1, tag);
				lock.executeQuery().close();
			}
			ids.addAll(service.nextIds(95));
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId);
			await().atMost(ALLOCATION_TIMEOUT.multipliedBy(3)).until(() -> service.statistics().storeErrors() > 0);
			assertThat(service.statistics().storeReachable()).isFalse();
			stalled.rollback();
			await().atMost(Duration.ofSeconds(10)).ignoreExceptions().untilAsserted(() -> ids.add(service.nextId()));
			ids.addAll(service.nextIds(150));
			assertThat(RealDatabases.assertUniqueAndEachIncreasing(List.of(ids))).isEqualTo(251);
		}
	}

}
