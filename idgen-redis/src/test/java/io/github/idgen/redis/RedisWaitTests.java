package io.github.idgen.redis;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.segment.SegmentRange;
import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Writes count only once {@code WAIT} proved them on the expected replica, on the connection that made
 * them: a replica that stops acknowledging (frozen with SIGSTOP) makes ranges thrown away and leases
 * fenced, and a connection killed while its {@code WAIT} is pending proves nothing, where a client that
 * reconnected and sent the {@code WAIT} again would count a replica that never saw the write.
 */
class RedisWaitTests {

	private static final Pattern CLIENT_ID = Pattern.compile("id=(\\d+) .*name=(\\S+)");

	private static final Duration LEASE_TIMEOUT = RedisLeaseTestSupport.LEASE_TIMEOUT;

	@Test
	void aRangeThatTheReplicaDidNotAcknowledgeIsThrownAwayAndTheLeaseIsFencedUntilItDoes() throws Exception {
		try (RedisServer primary = new RedisServer()) {
			primary.start();
			try (RedisServer replica = primary.startReplica();
					RedisConnector connector = RedisConnector.builder(primary.uri()).expectedReplicas(1).build();
					RedisSegmentStore store = RedisSegmentStore.builder(connector)
						.allocationTimeout(Duration.ofSeconds(2))
						.build();
					RedisLeaseDeployment deployment = RedisLeaseDeployment.builder(connector)
						.leaseTimeout(LEASE_TIMEOUT)
						.build()) {
				store.start();
				deployment.start();
				store.createTag("orders", 100, null);
				assertThat(store.allocate("orders", 1).lastId()).isEqualTo(100);
				deployment.getWorkerId();
				WorkerIdLease lease = deployment.currentLease();
				assertThat(lease.isValid()).isTrue();

				replica.freeze();
				long frozenAt = System.nanoTime();
				assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> store.allocate("orders", 1))
					.withMessageContaining("acknowledged by 0 of 1 expected replicas");
				assertThat(primary.cli("HGET", "idgen:segment:orders", "max_id")).as("applied on the primary")
					.isEqualTo("200");
				await().atMost(LEASE_TIMEOUT)
					.pollInterval(Duration.ofMillis(5))
					.until(() -> !lease.isValid());
				assertThat(Duration.ofNanos(System.nanoTime() - frozenAt)).as("fenced by its deadline")
					.isLessThanOrEqualTo(LEASE_TIMEOUT.multipliedBy(2).dividedBy(3).plusMillis(50));

				replica.thaw();
				SegmentRange next = store.allocate("orders", 1);
				assertThat(next.firstId()).as("after the range thrown away: a gap, never a duplicate").isEqualTo(201);
				await().atMost(Duration.ofSeconds(10))
					.until(() -> deployment.currentLease() != null && deployment.currentLease().isValid());
			}
		}
	}

	@Test
	void aReplicaThatAcknowledgesLateAtStartUpDelaysTheStartInsteadOfFailingIt() throws Exception {
		try (RedisServer primary = new RedisServer()) {
			primary.start();
			ScheduledExecutorService thawer = Executors.newSingleThreadScheduledExecutor();
			try (RedisServer replica = primary.startReplica();
					RedisConnector connector = RedisConnector.builder(primary.uri()).expectedReplicas(1).build();
					RedisLeaseDeployment deployment = RedisLeaseDeployment.builder(connector)
						.leaseTimeout(LEASE_TIMEOUT)
						.build()) {
				// frozen for three of the start-up write's waits (a sixth of the lease timeout each)
				replica.freeze();
				thawer.schedule(replica::thaw, 1, TimeUnit.SECONDS);
				long started = System.nanoTime();
				deployment.start();
				assertThat(Duration.ofNanos(System.nanoTime() - started)).as("waited for the replica")
					.isGreaterThanOrEqualTo(Duration.ofMillis(900));
				deployment.getWorkerId();
				assertThat(deployment.currentLease().isValid()).isTrue();
			}
			finally {
				thawer.shutdownNow();
			}
		}
	}

	@Test
	void aConnectionKilledBeforeItsWaitAnsweredProvesNothing() throws Exception {
		try (RedisServer primary = new RedisServer()) {
			primary.start();
			try (RedisServer replica = primary.startReplica();
					RedisConnector connector = RedisConnector.builder(primary.uri()).expectedReplicas(1).build();
					RedisSegmentStore store = RedisSegmentStore.builder(connector)
						.allocationTimeout(Duration.ofSeconds(10))
						.build()) {
				store.start();
				store.createTag("orders", 100, null);
				store.allocate("orders", 1);
				replica.freeze();
				CompletableFuture<SegmentRange> allocation = CompletableFuture.supplyAsync(() -> store.allocate("orders", 1));
				// the script has run once max_id moved; its WAIT is pending until the replica acknowledges
				await().atMost(Duration.ofSeconds(5))
					.until(() -> primary.cli("HGET", "idgen:segment:orders", "max_id").equals("200"));
				primary.cli("CLIENT", "KILL", "ID", clientId(primary, "idgen-segment"));
				assertThatExceptionOfType(ExecutionException.class).isThrownBy(allocation::get)
					.withCauseInstanceOf(SegmentStoreException.class)
					.withMessageContaining("failed before its write was proven");
				replica.thaw();
				assertThat(store.allocate("orders", 1).firstId()).isEqualTo(201);
			}
		}
	}

	private static String clientId(RedisServer server, String name) {
		for (String line : server.cli("CLIENT", "LIST").split("\n")) {
			Matcher client = CLIENT_ID.matcher(line);
			if (client.find() && client.group(2).equals(name)) {
				return client.group(1);
			}
		}
		throw new IllegalStateException("no client named " + name);
	}

}
