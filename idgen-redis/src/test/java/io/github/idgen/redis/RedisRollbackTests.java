package io.github.idgen.redis;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import io.github.idgen.segment.SegmentRange;
import io.github.idgen.testsupport.RedisServer;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * Redis's data directory rolled back to an older copy (stop, restore, start), as an operator restoring
 * a backup does: the records forget a claim and ranges that were handed out. No id is issued twice:
 * the record of the forgotten claim is taken only after a lease timeout, by which its holder stopped,
 * and its holder fences itself; allocations that find a tag below what they took refuse it, for every
 * instance, until an operator repairs it.
 */
class RedisRollbackTests {

	private static final Duration LONGER_LEASE_TIMEOUT = Duration.ofSeconds(4);

	@Test
	void aClaimForgottenByARestoredCopyIsTakenOverOnlyAfterItsHolderStopped() throws Exception {
		try (RedisServer server = new RedisServer(); TcpProxy network = new TcpProxy(server.port());
				RedisLeaseTestSupport support = RedisRestartTests.startedOn(server)) {
			support.settleWorkerIds();
			for (int i = 0; i < 31; i++) {
				support.startDeployment().getWorkerId();
			}
			server.stop();
			Path copy = server.copyData();
			server.start();

			// marks written 5 s apart promise ids 10 s ahead: only the deadline can stop the cut-off one in time;
			// a longer lease (for it and its successor) leaves the restore time to happen within it
			RedisLeaseDeployment forgotten = support.start(support.builder(support.connector(server.uri(network.port())))
				.leaseTimeout(LONGER_LEASE_TIMEOUT)
				.markInterval(Duration.ofSeconds(5))
				.build());
			int workerId = forgotten.getWorkerId();
			LoadIssuer forgottenIds = new LoadIssuer(support.proxy(forgotten, Duration.ofMillis(50)));
			await().atMost(Duration.ofSeconds(10)).until(() -> forgottenIds.count() > 1_000);

			// cut off right after a renewal while the data goes back: nothing but its deadline stops it, two
			// thirds of a lease timeout later
			String key = "idgen:lease:" + support.group() + ":" + workerId;
			String version = server.cli("HGET", key, "version");
			await().atMost(Duration.ofSeconds(5))
				.pollInterval(Duration.ofMillis(2))
				.until(() -> !server.cli("HGET", key, "version").equals(version));
			network.freeze();
			server.stop();
			server.restoreData(copy);
			server.start();
			RedisLeaseDeployment successor = support.start(support.builder().leaseTimeout(LONGER_LEASE_TIMEOUT).build());
			assertThat(successor.getWorkerId()).as("the only id the restored records show free").isEqualTo(workerId);
			LoadIssuer successorIds = new LoadIssuer(support.proxy(successor, Duration.ofSeconds(5)));
			await().atMost(Duration.ofSeconds(10)).until(() -> successorIds.count() > 1_000);
			network.thaw();
			await().atMost(Duration.ofSeconds(10)).until(() -> forgotten.getLeasesLost() > 0);
			forgottenIds.close();
			successorIds.close();

			List<Long> all = new ArrayList<>(forgottenIds.issued());
			all.addAll(successorIds.issued());
			assertThat(new HashSet<>(all)).as("no id issued twice").hasSameSizeAs(all);
		}
	}

	@Test
	void rangesForgottenByARestoredCopyAreRefusedToEveryInstanceUntilRepaired() {
		try (RedisServer server = new RedisServer()) {
			server.start();
			try (RedisConnector connector = RedisConnector.create(server.uri());
					RedisSegmentStore first = RedisSegmentStore.builder(connector).build();
					RedisSegmentStore second = RedisSegmentStore.builder(connector).build();
					RedisSegmentStore later = RedisSegmentStore.builder(connector).build()) {
				first.start();
				second.start();
				later.start();
				first.createTag("orders", 100, null);
				first.allocate("orders", 1);
				server.stop();
				Path copy = server.copyData();
				server.start();
				assertThat(first.allocate("orders", 1).lastId()).isEqualTo(200);
				assertThat(second.allocate("orders", 1).lastId()).isEqualTo(300);

				server.stop();
				server.restoreData(copy);
				server.start();
				assertThatIllegalStateException().isThrownBy(() -> second.allocate("orders", 1))
					.withMessageContaining("went back: its max_id 100 is below 300")
					.withMessageContaining("HSET idgen:segment:orders max_id <id>")
					.withMessageContaining("HDEL idgen:segment:orders regressed_below");
				assertThatIllegalStateException().as("took only up to 200, yet refused")
					.isThrownBy(() -> first.allocate("orders", 1))
					.withMessageContaining("below 300");
				assertThatIllegalStateException().as("took nothing, yet refused")
					.isThrownBy(() -> later.allocate("orders", 1))
					.withMessageContaining("below 300");

				server.cli("HSET", "idgen:segment:orders", "max_id", "300");
				server.cli("HDEL", "idgen:segment:orders", "regressed_below");
				SegmentRange repaired = later.allocate("orders", 1);
				assertThat(repaired.firstId()).isEqualTo(301);
				assertThat(first.allocate("orders", 1).firstId()).isEqualTo(401);
			}
		}
	}

}
