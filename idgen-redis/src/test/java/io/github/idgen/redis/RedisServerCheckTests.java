package io.github.idgen.redis;

import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.RedisServer;
import io.lettuce.core.RedisURI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import io.github.idgen.testsupport.CapturedOutput;
import io.github.idgen.testsupport.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The start-up check on real redis-server processes: a server that may lose or evict what it
 * acknowledged, or that lacks the replicas, is refused with the setting and its fix named, unless the
 * operator vouches for it; a lease deployment and a segment store refuse alike.
 */
@ExtendWith(OutputCaptureExtension.class)
class RedisServerCheckTests {

	@Test
	void aServerThatFsyncsOnlyEverySecondIsRefused() {
		assertRefused(new String[] { "--appendfsync", "everysec" }, 0,
				"appendfsync is 'everysec', must be 'always'", "CONFIG SET appendfsync always");
	}

	@Test
	void aServerThatSkipsTheFsyncDuringARewriteIsRefused() {
		assertRefused(new String[] { "--no-appendfsync-on-rewrite", "yes" }, 0,
				"no-appendfsync-on-rewrite is 'yes', must be 'no'", "CONFIG SET no-appendfsync-on-rewrite no");
	}

	@Test
	void aServerWithoutAnAppendOnlyFileIsRefused() {
		assertRefused(new String[] { "--appendonly", "no" }, 0, "appendonly is 'no', must be 'yes'",
				"CONFIG SET appendonly yes");
	}

	@Test
	void aServerThatMayEvictKeysIsRefused() {
		assertRefused(new String[] { "--maxmemory-policy", "allkeys-lru" }, 0,
				"maxmemory-policy is 'allkeys-lru', must be 'noeviction'", "CONFIG SET maxmemory-policy noeviction");
	}

	@Test
	void aPrimaryWithTooFewReplicasIsRefused() {
		assertRefused(new String[0], 1, "0 replica(s) connected, 1 expected", "start the replicas");
	}

	@Test
	void aServerThatBlocksConfigIsRefusedUnlessDeclaredDurable(CapturedOutput output) {
		try (RedisServer server = new RedisServer("--rename-command", "CONFIG", "");
				RedisConnector connector = startedOn(server, false)) {
			assertThatExceptionOfType(RedisNotDurableException.class)
				.isThrownBy(() -> RedisSegmentStore.builder(connector).build().start())
				.withMessageContaining("its settings cannot be read (CONFIG GET answered")
				.withMessageContaining("then declare it durable");
			try (RedisConnector vouched = RedisConnector.builder(server.uri()).assumeDurable(true).build();
					RedisSegmentStore store = RedisSegmentStore.builder(vouched).build()) {
				store.start();
				store.createTag("vouched", 10, null);
				assertThat(store.allocate("vouched", 1).lastId()).isEqualTo(10);
			}
			assertThat(output).contains("idgen did not check that it fsyncs every write")
				.contains("the operator declared it durable");
		}
	}

	@Test
	void aServerThatIsNotDurableStartsWhenDeclaredDurableWithAWarning(CapturedOutput output) throws Exception {
		try (RedisServer server = new RedisServer("--appendfsync", "everysec");
				RedisConnector connector = startedOn(server, true);
				RedisLeaseDeployment deployment = RedisLeaseDeployment.builder(connector)
					.leaseTimeout(RedisLeaseTestSupport.LEASE_TIMEOUT)
					.build()) {
			deployment.start();
			assertThat(deployment.getWorkerId()).isBetween(0, 31);
			assertThat(output).contains("Redis at redis://127.0.0.1:" + server.port()
					+ ": idgen did not check that it fsyncs every write");
		}
	}

	@Test
	void aReplicaAndAClusterNodeAreRefused() {
		try (RedisServer primary = new RedisServer()) {
			primary.start();
			try (RedisServer replica = primary.startReplica(); RedisConnector connector = RedisConnector.create(replica.uri())) {
				assertThatExceptionOfType(RedisNotDurableException.class)
					.isThrownBy(() -> RedisSegmentStore.builder(connector).build().start())
					.withMessageContaining("its role is 'slave', must be a primary");
			}
		}
		try (RedisServer node = new RedisServer("--cluster-enabled", "yes");
				RedisConnector connector = startedOn(node, true)) {
			assertThatExceptionOfType(RedisClusterNotSupportedException.class)
				.isThrownBy(() -> RedisSegmentStore.builder(connector).build().start())
				.withMessageContaining("(a cluster node) is Redis Cluster; idgen supports a standalone primary");
		}
	}

	@Test
	void aServerThatCannotBeReachedIsNamed() {
		int nobody = DatabaseServer.freePort();
		try (RedisConnector connector = RedisConnector.create(RedisURI.create("127.0.0.1", nobody))) {
			assertThatExceptionOfType(RedisUnavailableException.class)
				.isThrownBy(() -> RedisSegmentStore.builder(connector).build().start())
				.withMessageContaining("Could not reach Redis at redis://127.0.0.1:" + nobody)
				.satisfies((ex) -> assertThat(ex.getServer()).isEqualTo("redis://127.0.0.1:" + nobody));
			assertThatExceptionOfType(RedisUnavailableException.class)
				.isThrownBy(() -> RedisLeaseDeployment.builder(connector).build().start());
		}
	}

	private static void assertRefused(String[] settings, int expectedReplicas, String problem, String fix) {
		try (RedisServer server = new RedisServer(settings);
				RedisConnector connector = RedisConnector.builder(startedOn(server).uri())
					.expectedReplicas(expectedReplicas)
					.build()) {
			RedisLeaseDeployment deployment = RedisLeaseDeployment.builder(connector).build();
			assertThatExceptionOfType(RedisNotDurableException.class).isThrownBy(deployment::start)
				.withMessageContaining("Redis at redis://127.0.0.1:" + server.port() + " is not set up to keep")
				.withMessageContaining(problem)
				.withMessageContaining(fix)
				.satisfies((ex) -> assertThat(ex.getProblems()).hasSize(1));
			deployment.close();
			assertThatExceptionOfType(RedisNotDurableException.class)
				.isThrownBy(() -> RedisSegmentStore.builder(connector).build().start())
				.withMessageContaining(problem);
		}
	}

	private static RedisConnector startedOn(RedisServer server, boolean assumeDurable) {
		server.start();
		return RedisConnector.builder(server.uri()).assumeDurable(assumeDurable).build();
	}

	private static RedisServer startedOn(RedisServer server) {
		server.start();
		return server;
	}

}
