package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.snowflake.SnowflakeLayout;
import io.github.idgen.testsupport.DatabaseServer;
import io.github.idgen.testsupport.TcpProxy;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 8 on database servers: three instances issue ids as fast as they can, each through a
 * network of its own, while one is cut off past its lease timeout and a fourth takes its id over,
 * another's connections are cut, the fourth leaves and the first leases again. Only three ids are
 * free for them, so ids move between instances. Every id is collected.
 * <p>
 * Each protection must show when it is missing. The fourth's clock is {@link #SUCCESSOR_BEHIND} behind
 * the others': only the cut-off holder's high-water mark (the fourth's floor) keeps the fourth from
 * issuing ids of milliseconds the holder already used, so without it ids repeat. The holders write
 * their marks {@link #HOLDER_MARK_INTERVAL} apart, so that their marks reach beyond their deadlines:
 * only the deadline stops the cut-off holder, and with it never an id stamped later than the freeze
 * plus two thirds of the lease timeout.
 */
class JdbcDuplicateHuntTests {

	/** Marks reach at least this far beyond the last one written, past the deadline (⅔ of 3 s). */
	private static final Duration HOLDER_MARK_INTERVAL = Duration.ofMillis(2100);

	/** Behind the holders by more than the time the fourth needs to take an id over. */
	private static final Duration SUCCESSOR_BEHIND = Duration.ofSeconds(3);

	@ParameterizedTest(autoCloseArguments = false)
	@MethodSource("io.github.idgen.jdbc.Databases#servers")
	void noIdIsIssuedTwiceThroughPartitionTakeoverCutConnectionsAndHandover(DatabaseServer server) throws Exception {
		List<AutoCloseable> resources = new ArrayList<>();
		try (HikariDataSource pool = server.pool(8); JdbcLeaseTestSupport support = new JdbcLeaseTestSupport(pool)) {
			// the 29 bystanders and the successor share this pool: a database stalled for a second by a busy
			// machine's disk must not fail the successor's start, which is not what is hunted here
			pool.setConnectionTimeout(5_000);
			for (int i = 0; i < 29; i++) {
				support.startDeployment().getWorkerId();
			}
			List<TcpProxy> networks = new ArrayList<>();
			List<Issuer> issuers = new ArrayList<>();
			for (int i = 0; i < 3; i++) {
				TcpProxy network = new TcpProxy(server.port());
				HikariDataSource instancePool = Databases.poolThrough(server, network);
				resources.add(0, network);
				resources.add(0, instancePool);
				networks.add(network);
				JdbcLeaseDeployment deployment = support.start(support.builder(instancePool)
					.markInterval(HOLDER_MARK_INTERVAL)
					.markMaxWait(Duration.ofSeconds(10))
					.build());
				deployment.getWorkerId();
				issuers.add(new Issuer(support.proxy(deployment, Duration.ofMillis(50))));
			}
			issuers.forEach(Issuer::start);
			settle(issuers);

			long frozenAt = System.currentTimeMillis();
			networks.get(0).freeze();
			long behind = SUCCESSOR_BEHIND.toMillis();
			JdbcLeaseDeployment fourth = support.start(support.builder()
				.clock(() -> System.currentTimeMillis() - behind)
				.markMaxWait(Duration.ofSeconds(10))
				.build());
			fourth.getWorkerId();
			Issuer fourthIssuer = new Issuer(support.proxy(fourth, Duration.ofMillis(50)));
			issuers.add(fourthIssuer);
			fourthIssuer.start();
			settle(List.of(fourthIssuer));
			List<Long> cutOff = List.copyOf(issuers.get(0).ids);
			networks.get(0).thaw();
			networks.get(1).cutConnections();
			settle(issuers.subList(1, 4));

			fourthIssuer.stop();
			fourth.close();
			settle(issuers.subList(0, 3));

			for (Issuer issuer : issuers) {
				issuer.stop();
			}
			List<Long> all = new ArrayList<>();
			issuers.forEach((issuer) -> all.addAll(issuer.ids));
			assertThat(all).hasSizeGreaterThan(10_000);
			Set<Long> distinct = new HashSet<>(all);
			assertThat(distinct).as("no id issued twice").hasSameSizeAs(all);
			// its last renewal was sent before the freeze
			long deadline = frozenAt + JdbcLeaseTestSupport.LEASE_TIMEOUT.toMillis() * 2 / 3;
			SnowflakeLayout layout = SnowflakeLayout.TWITTER;
			assertThat(cutOff.stream().mapToLong(layout::timestampMillis).max().orElseThrow())
				.as("the cut-off holder's last id, after its deadline")
				.isLessThanOrEqualTo(deadline + 1);
		}
		finally {
			for (AutoCloseable resource : resources) {
				resource.close();
			}
		}
	}

	/** Waits until each issuer has issued more ids since the call. */
	private static void settle(List<Issuer> issuers) {
		List<Integer> before = issuers.stream().map((issuer) -> issuer.ids.size()).toList();
		await().atMost(Duration.ofSeconds(30)).until(() -> {
			for (int i = 0; i < issuers.size(); i++) {
				if (issuers.get(i).ids.size() < before.get(i) + 1000) {
					return false;
				}
			}
			return true;
		});
	}

	private static final class Issuer {

		private final IdServiceProxy proxy;

		private final List<Long> ids = new CopyOnWriteArrayList<>();

		private volatile boolean running = true;

		private final Thread thread = new Thread(this::run, "issuer");

		Issuer(IdServiceProxy proxy) {
			this.proxy = proxy;
		}

		void start() {
			this.thread.start();
		}

		void stop() throws InterruptedException {
			this.running = false;
			this.thread.join();
		}

		private void run() {
			while (this.running) {
				try {
					this.ids.addAll(this.proxy.nextIds(20));
				}
				catch (WorkerIdLeaseUnavailableException ex) {
					LockSupport.parkNanos(1_000_000);
				}
			}
		}

	}

}
