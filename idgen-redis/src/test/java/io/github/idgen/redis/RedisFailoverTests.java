package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.testsupport.RedisServer;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A replica promoted after its primary died, with replication broken first so that the primary's last
 * writes are really missing on the replica; instances reach the primary through an address that then
 * moves to the replica (a TCP proxy). With every write waiting for one replica, nothing counted as done
 * is lost: holders find their records on the new primary and go on, and ranges go on after the last
 * one handed out. What the replica missed was never counted: the renewals that failed fenced their
 * holders, the range that was not proven was thrown away.
 */
class RedisFailoverTests {

	@Test
	void aPromotedReplicaHasEverythingCountedAsDoneAndNoIdIsIssuedTwice() throws Exception {
		try (RedisServer primary = new RedisServer(); RedisServer replica = startedWithReplica(primary);
				TcpProxy address = new TcpProxy(primary.port());
				RedisLeaseTestSupport support = new RedisLeaseTestSupport(primary)) {
			RedisConnector connector = support.connector(RedisConnector.builder(primary.uri(address.port()))
				.expectedReplicas(1));
			RedisSegmentStore store = support.closeAtEnd(RedisSegmentStore.builder(connector)
				.allocationTimeout(Duration.ofSeconds(2))
				.build());
			store.start();
			store.createTag("orders", 100, null);
			List<RedisLeaseDeployment> holders = new ArrayList<>();
			List<LoadIssuer> issuers = new ArrayList<>();
			for (int i = 0; i < 3; i++) {
				RedisLeaseDeployment holder = support.start(support.builder(connector).build());
				holders.add(holder);
			}
			RedisLeaseTestSupport.leaseAtOnce(holders, RedisLeaseDeployment::getWorkerId);
			for (RedisLeaseDeployment holder : holders) {
				issuers.add(new LoadIssuer(support.proxy(holder, Duration.ofSeconds(10))));
			}
			List<WorkerIdLease> leases = holders.stream().map(RedisLeaseDeployment::currentLease).toList();
			SegmentRange handedOut = store.allocate("orders", 1);

			replica.breakReplication();
			assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> store.allocate("orders", 1))
				.withMessageContaining("acknowledged by 0 of 1 expected replicas");
			assertThat(primary.cli("HGET", "idgen:segment:orders", "max_id")).isEqualTo("200");
			await().atMost(Duration.ofSeconds(5)).until(() -> leases.stream().noneMatch(WorkerIdLease::isValid));
			primary.crash();
			replica.promote();
			// the new primary's writes wait for a replica too
			support.closeAtEnd(replica.startReplica());
			address.retarget(replica.port());

			assertThat(store.allocate("orders", 1).firstId()).as("after the last range handed out; the one thrown"
					+ " away was never used").isEqualTo(handedOut.lastId() + 1);
			await().atMost(Duration.ofSeconds(10))
				.until(() -> issuers.stream().allMatch((issuer) -> issuer.count() > 2_000));
			for (int i = 0; i < holders.size(); i++) {
				assertThat(holders.get(i).currentLease()).as("the same lease, found on the promoted replica")
					.isSameAs(leases.get(i));
			}
			List<Long> all = new ArrayList<>();
			for (LoadIssuer issuer : issuers) {
				issuer.close();
				all.addAll(issuer.issued());
			}
			assertThat(new HashSet<>(all)).as("no id issued twice").hasSameSizeAs(all);
		}
	}

	private static RedisServer startedWithReplica(RedisServer primary) {
		primary.start();
		return primary.startReplica();
	}

}
