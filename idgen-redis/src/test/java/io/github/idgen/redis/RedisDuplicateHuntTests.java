package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

import io.github.idgen.testsupport.RedisServer;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Three instances issue ids as fast as they can, each through a network of its own, while one is cut
 * off past its lease timeout and a fourth takes its id over, another's connections are cut, the fourth
 * leaves and the first leases again, and Redis is killed and restarted. Only three ids are free for
 * them, so ids move between instances and one that kept issuing with an id it lost would collide at
 * once. Every id is collected.
 */
class RedisDuplicateHuntTests {

	@Test
	void noIdIsIssuedTwiceThroughPartitionTakeoverCutConnectionsHandoverAndARedisRestart() throws Exception {
		try (RedisServer server = new RedisServer(); RedisLeaseTestSupport support = RedisRestartTests.startedOn(server)) {
			support.settleWorkerIds();
			for (int i = 0; i < 29; i++) {
				support.startDeployment().getWorkerId();
			}
			List<TcpProxy> networks = new ArrayList<>();
			List<LoadIssuer> issuers = new ArrayList<>();
			for (int i = 0; i < 3; i++) {
				TcpProxy network = support.closeAtEnd(new TcpProxy(server.port()));
				networks.add(network);
				RedisLeaseDeployment deployment = support
					.start(support.builder(support.connector(server.uri(network.port()))).build());
				deployment.getWorkerId();
				issuers.add(new LoadIssuer(support.proxy(deployment, Duration.ofMillis(50))));
			}
			settle(issuers);

			networks.get(0).freeze();
			// behind the others by more than the lease timeout it waits: without the mark it would repeat, for
			// a second, the ids the cut-off one issued in the half second before its freeze
			RedisLeaseDeployment fourth = support.start(support.builder()
				.clock(() -> System.currentTimeMillis() - RedisLeaseTestSupport.LEASE_TIMEOUT.toMillis() - 500)
				.markMaxWait(Duration.ofSeconds(10))
				.build());
			fourth.getWorkerId();
			LoadIssuer fourthIssuer = new LoadIssuer(support.proxy(fourth, Duration.ofMillis(50)));
			issuers.add(fourthIssuer);
			Thread.sleep(1000);
			networks.get(0).thaw();
			networks.get(1).cutConnections();
			settle(issuers.subList(1, 4));

			fourthIssuer.close();
			fourth.close();
			settle(issuers.subList(0, 3));

			server.crash();
			server.start();
			settle(issuers.subList(0, 3));

			List<Long> all = new ArrayList<>();
			for (LoadIssuer issuer : issuers) {
				issuer.close();
				all.addAll(issuer.issued());
			}
			assertThat(all).hasSizeGreaterThan(10_000);
			assertThat(new HashSet<>(all)).as("no id issued twice").hasSameSizeAs(all);
		}
	}

	/** Waits until each issuer has issued more ids since the call. */
	private static void settle(List<LoadIssuer> issuers) {
		List<Integer> before = issuers.stream().map(LoadIssuer::count).toList();
		await().atMost(Duration.ofSeconds(30)).until(() -> {
			for (int i = 0; i < issuers.size(); i++) {
				if (issuers.get(i).count() < before.get(i) + 1000) {
					return false;
				}
			}
			return true;
		});
	}

}
