package io.github.idgen.redis;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.github.idgen.segment.SegmentStoreException;
import io.github.idgen.testsupport.RedisServer;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * With replicas expected, a write the server refused (a replica, a full server) is no write whose
 * proof is missing: it fails at once, naming the refusal, instead of being retried in a tight loop for
 * a whole lease timeout (a new connection each time) and reported as not proven.
 */
class RedisRefusedWriteTests {

	private static final Pattern CONNECTIONS = Pattern.compile("total_connections_received:(\\d+)");

	@Test
	void aStartOnAReplicaFailsAtOnceNamingTheRefusal() {
		try (RedisServer primary = new RedisServer()) {
			primary.start();
			try (RedisServer replica = primary.startReplica()) {
				assertRefusedAtStart(replica, "READONLY");
			}
		}
	}

	@Test
	void aStartOnAFullServerFailsAtOnceNamingTheRefusal() {
		try (RedisServer full = new RedisServer()) {
			full.start();
			full.cli("CONFIG", "SET", "maxmemory", "1");
			assertRefusedAtStart(full, "OOM");
		}
	}

	@Test
	void anAllocationOnAFullServerIsRefusedNamingItAndNotAsUnproven() {
		try (RedisServer full = new RedisServer()) {
			full.start();
			try (RedisConnector connector = vouchedFor(full);
					RedisSegmentStore store = RedisSegmentStore.builder(connector).build()) {
				store.start();
				full.cli("HSET", "idgen:segment:orders", "max_id", "0", "step", "10", "max_limit_id", "100", "version", "0");
				full.cli("CONFIG", "SET", "maxmemory", "1");
				assertThatExceptionOfType(SegmentStoreException.class).isThrownBy(() -> store.allocate("orders", 1))
					.withMessageContaining("OOM")
					.withMessageNotContaining("proven");
			}
		}
	}

	private static void assertRefusedAtStart(RedisServer server, String refusal) {
		try (RedisConnector connector = vouchedFor(server);
				RedisLeaseDeployment deployment = RedisLeaseDeployment.builder(connector)
					.leaseTimeout(Duration.ofSeconds(3))
					.build()) {
			long before = connectionsReceived(server);
			assertThatIllegalStateException().isThrownBy(deployment::start)
				.withMessageContaining(refusal)
				.withMessageNotContaining("proven");
			assertThat(connectionsReceived(server) - before).as("connections opened for the start").isLessThanOrEqualTo(3);
		}
	}

	/** The start-up check would refuse these servers first: vouched for, the writes meet them. */
	private static RedisConnector vouchedFor(RedisServer server) {
		return RedisConnector.builder(server.uri()).expectedReplicas(1).assumeDurable(true).build();
	}

	private static long connectionsReceived(RedisServer server) {
		Matcher matcher = CONNECTIONS.matcher(server.cli("INFO", "stats"));
		assertThat(matcher.find()).isTrue();
		return Long.parseLong(matcher.group(1));
	}

}
