package io.github.idgen.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.jdbc.segment.JdbcSegmentStore;
import io.github.idgen.snowflake.IdUnavailableException;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.MariaDbServer;
import io.github.idgen.testsupport.PostgresServer;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 2: the database crashes mid-run ({@code pg_ctl stop -m immediate}, {@code SIGKILL}) and
 * comes back: ids keep coming from memory, then callers wait a bounded time and get an
 * {@link IdUnavailableException}, then the service recovers by itself once the server is back.
 */
class DatabaseCrashTests {

	@RegisterExtension
	static final PostgresServer postgres = new PostgresServer();

	@RegisterExtension
	static final MariaDbServer mariadb = new MariaDbServer();

	static Stream<Named<DatabaseServer>> servers() {
		return Stream.of(Named.of("PostgreSQL", RealDatabases.withTable(postgres)),
				Named.of("MariaDB", RealDatabases.withTable(mariadb)));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("servers")
	void idsFromMemoryThenBoundedWaitsThenRecoveryByItself(DatabaseServer server) {
		String tag = SegmentTables.uniqueTag("crash");
		Duration maxWait = Duration.ofMillis(300);
		try (HikariDataSource pool = server.pool(2);
				SegmentIdServices services = new SegmentIdServices(new JdbcSegmentStore(pool, SegmentTables.TABLE),
						RealDatabases.settings(200, maxWait))) {
			SegmentTables.insertTag(pool, tag, 200);
			SegmentIdService service = services.service(tag);
			List<Long> ids = new ArrayList<>(service.nextIds(30));
			await().until(() -> service.statistics().nextRangeLoaded());
			server.crash();
			long left = service.statistics().idsLeft();
			assertThat(left).isEqualTo(370);
			for (long i = 0; i < left; i++) {
				ids.add(service.nextId());
			}
			assertThatExceptionOfType(SegmentIdsUnavailableException.class).isThrownBy(service::nextId)
				.isInstanceOf(IdUnavailableException.class)
				.withMessageStartingWith("No id of segment tag '" + tag + "' left in memory and no new range from table "
						+ "idgen_segment within PT0.3S")
				.satisfies((ex) -> assertThat(ex.getRetryAfter()).isGreaterThanOrEqualTo(Duration.ofSeconds(1)));
			assertThat(service.statistics().storeReachable()).isFalse();
			server.start();
			await().atMost(Duration.ofSeconds(30))
				.ignoreException(SegmentIdsUnavailableException.class)
				.until(() -> ids.add(service.nextId()));
			assertThat(ids).hasSize(401).isSorted().doesNotHaveDuplicates();
			assertThat(ids.get(400)).isGreaterThan(400);
			assertThat(service.statistics().storeReachable()).isTrue();
			assertThat(service.statistics().waits()).isPositive();
		}
	}

}
