package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Redis killed with SIGKILL and started again on its data, fsyncing every write ({@code appendfsync
 * always}): no lease and no range is lost. Holders keep their leases (their renewals find their
 * records), ranges go on after the last one handed out, and a free id waits a lease timeout before it
 * is claimed, since the server that freed it is gone.
 */
class RedisRestartTests {

	@Test
	void nothingCountedAsDoneIsLostWhenRedisIsKilledAndRestarted() throws Exception {
		try (RedisServer server = new RedisServer(); RedisLeaseTestSupport support = startedOn(server);
				RedisSegmentStore store = RedisSegmentStore.builder(support.connector()).build()) {
			store.start();
			store.createTag("orders", 100, null);
			support.settleWorkerIds();
			List<RedisLeaseDeployment> holders = new ArrayList<>();
			List<LoadIssuer> issuers = new ArrayList<>();
			for (int i = 0; i < 3; i++) {
				RedisLeaseDeployment holder = support.startDeployment();
				holder.getWorkerId();
				holders.add(holder);
				issuers.add(new LoadIssuer(support.proxy(holder, Duration.ofSeconds(5))));
			}
			List<WorkerIdLease> leases = holders.stream().map(RedisLeaseDeployment::currentLease).toList();
			SegmentRange last = store.allocate("orders", 1);
			long[] renewals = holders.stream().mapToLong(RedisLeaseDeployment::getRenewals).toArray();

			server.crash();
			server.start();

			SegmentRange next = store.allocate("orders", 1);
			assertThat(next.firstId()).as("the range after the last one handed out").isEqualTo(last.lastId() + 1);
			await().atMost(Duration.ofSeconds(10))
				.until(() -> issuers.stream().allMatch((issuer) -> issuer.count() > 2_000));
			for (int i = 0; i < holders.size(); i++) {
				assertThat(holders.get(i).currentLease()).as("the same lease, renewed on the restarted server")
					.isSameAs(leases.get(i));
				assertThat(holders.get(i).getLeasesLost()).isZero();
				RedisLeaseDeployment holder = holders.get(i);
				long before = renewals[i];
				await().atMost(RedisLeaseTestSupport.LEASE_TIMEOUT).until(() -> holder.getRenewals() > before);
				assertThat(holder.currentLease().getTimeLeft()).isPositive()
					.isLessThanOrEqualTo(RedisLeaseTestSupport.LEASE_TIMEOUT);
			}
			RedisLeaseDeployment newcomer = support.startDeployment();
			long start = System.nanoTime();
			newcomer.getWorkerId();
			assertThat(Duration.ofNanos(System.nanoTime() - start)).as("a free id waits, freed by the server before")
				.isGreaterThanOrEqualTo(RedisLeaseTestSupport.LEASE_TIMEOUT);

			List<Long> all = new ArrayList<>();
			for (LoadIssuer issuer : issuers) {
				issuer.close();
				all.addAll(issuer.issued());
			}
			assertThat(new HashSet<>(all)).hasSameSizeAs(all);
		}
	}

	static RedisLeaseTestSupport startedOn(RedisServer server) {
		server.start();
		return new RedisLeaseTestSupport(server);
	}

}
