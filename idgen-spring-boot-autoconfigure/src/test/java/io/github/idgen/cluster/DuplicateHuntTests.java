package io.github.idgen.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 7, the duplicate hunt: several leasers issue ids without pause while sessions expire
 * (client side and server side), the server restarts, lease nodes are deleted and stolen and a
 * lease is given back. Only four ids are free for three leasers, so ids move between leasers and a
 * leaser that kept issuing with an id it lost would collide at once. Every id is collected.
 */
class DuplicateHuntTests {

	private static final int LEASERS = 3;

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	@Test
	void noIdIsIssuedTwiceThroughExpiryRestartDeletionAndHandover() throws Exception {
		CuratorFramework operator = this.support.operatorClient();
		for (int id = 4; id < 32; id++) {
			operator.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
				.forPath(this.support.path() + "/" + id);
		}
		List<CuratorFramework> clients = new ArrayList<>();
		List<ClusterDeploymentImpl> deployments = new ArrayList<>();
		List<Issuer> issuers = new ArrayList<>();
		for (int i = 0; i < LEASERS; i++) {
			CuratorFramework client = this.support.startedClient(2_000);
			clients.add(client);
			ClusterDeploymentImpl deployment = this.support.startDeploymentOn(client);
			deployments.add(deployment);
			issuers.add(new Issuer(this.support.proxy(deployment, Duration.ofMillis(50))));
		}
		issuers.forEach(Issuer::start);
		try {
			settle(issuers);

			clients.get(0).getZookeeperClient().getZooKeeper().getTestable().injectSessionExpiration();
			settle(issuers);

			this.support.expireOnServer(clients.get(1));
			settle(issuers);

			this.support.server().stop();
			Thread.sleep(500);
			this.support.server().restart();
			settle(issuers);

			WorkerIdLease deleted = deployments.get(2).currentLease();
			operator.delete().forPath(deleted.getPath());
			settle(issuers);

			WorkerIdLease stolen = deployments.get(0).currentLease();
			operator.inTransaction().delete().forPath(stolen.getPath()).and()
				.create().withMode(CreateMode.EPHEMERAL).forPath(stolen.getPath()).and().commit();
			settle(issuers);
			operator.delete().forPath(stolen.getPath());

			deployments.get(1).updateWorkerId(true);
			settle(issuers);
		}
		finally {
			issuers.forEach(Issuer::stop);
		}

		long total = 0;
		for (Issuer issuer : issuers) {
			assertThat(issuer.failure).isNull();
			assertThat(issuer.strictlyIncreasing()).as("ids of one IdService strictly increase").isTrue();
			total += issuer.count;
		}
		long[] all = new long[(int) total];
		int at = 0;
		for (Issuer issuer : issuers) {
			System.arraycopy(issuer.ids, 0, all, at, issuer.count);
			at += issuer.count;
		}
		Arrays.sort(all);
		int duplicates = 0;
		for (int i = 1; i < all.length; i++) {
			if (all[i] == all[i - 1]) {
				duplicates++;
			}
		}
		assertThat(total).isGreaterThan(10_000);
		assertThat(duplicates).as("duplicate ids among %d", total).isZero();
		assertThat(issuers.stream().mapToLong((issuer) -> issuer.refused.get()).sum())
			.as("calls refused while a lease was unproven").isPositive();
	}

	/** Waits until every leaser issues again, and lets them issue a while. */
	private static void settle(List<Issuer> issuers) throws InterruptedException {
		await().atMost(Duration.ofSeconds(20)).until(() -> issuers.stream().allMatch((i) -> i.proxy.getLease().isValid()));
		long[] counts = issuers.stream().mapToLong((i) -> i.count).toArray();
		await().atMost(Duration.ofSeconds(10)).until(() -> {
			for (int i = 0; i < counts.length; i++) {
				if (issuers.get(i).count < counts[i] + 100) {
					return false;
				}
			}
			return true;
		});
		Thread.sleep(200);
	}

	private static final class Issuer implements Runnable {

		private final IdServiceProxy proxy;

		private final long[] ids = new long[3_000_000];

		private volatile int count;

		private final AtomicLong refused = new AtomicLong();

		private final AtomicBoolean running = new AtomicBoolean(true);

		private final Thread thread = new Thread(this, "issuer");

		private volatile Throwable failure;

		Issuer(IdServiceProxy proxy) {
			this.proxy = proxy;
		}

		void start() {
			this.thread.start();
		}

		void stop() {
			this.running.set(false);
			try {
				this.thread.join(TimeUnit.SECONDS.toMillis(10));
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		@Override
		public void run() {
			try {
				while (this.running.get() && this.count < this.ids.length) {
					try {
						this.ids[this.count] = this.proxy.nextId();
						this.count++;
					}
					catch (WorkerIdLeaseUnavailableException ex) {
						this.refused.incrementAndGet();
					}
					LockSupport.parkNanos(20_000);
				}
			}
			catch (Throwable ex) {
				this.failure = ex;
			}
		}

		boolean strictlyIncreasing() {
			for (int i = 1; i < this.count; i++) {
				if (this.ids[i] <= this.ids[i - 1]) {
					return false;
				}
			}
			return true;
		}

	}

}
