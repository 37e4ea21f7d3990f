package io.github.idgen.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.lease.HighWaterMark;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.ClientSideExpiry;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Scenario 7, the duplicate hunt: several leasers, each with several threads, issue ids without pause
 * while sessions expire (client side and server side), the server restarts, lease nodes are deleted
 * and stolen, an operator takes a mark record over and a lease is given back several times in quick
 * succession. Only four ids are free for three leasers, so ids move between leasers and a leaser that
 * kept issuing with an id it lost would collide at once. Every id is collected.
 */
class DuplicateHuntTests {

	private static final int LEASERS = 3;

	private static final int THREADS_PER_LEASER = 3;

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	private final List<Issuer> issuers = new ArrayList<>();

	@Test
	void noIdIsIssuedTwiceThroughExpiryRestartDeletionTakeOverAndQuickReleases() throws Exception {
		CuratorFramework operator = this.support.operatorClient();
		for (int id = 4; id < 32; id++) {
			operator.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
				.forPath(this.support.path() + "/" + id);
		}
		List<CuratorFramework> clients = new ArrayList<>();
		List<ClusterDeploymentImpl> deployments = new ArrayList<>();
		for (int i = 0; i < LEASERS; i++) {
			CuratorFramework client = this.support.startedClient(2_000);
			clients.add(client);
			ClusterDeploymentImpl deployment = this.support.startDeploymentOn(client);
			deployments.add(deployment);
			IdServiceProxy proxy = this.support.proxy(deployment, Duration.ofMillis(50));
			for (int t = 0; t < THREADS_PER_LEASER; t++) {
				this.issuers.add(new Issuer(proxy, "issuer-" + i + "-" + t));
			}
		}
		this.issuers.forEach(Issuer::start);
		try {
			settle();

			WorkerIdLease expiredOnClient = deployments.get(0).currentLease();
			ClientSideExpiry.inject(clients.get(0).getZookeeperClient().getZooKeeper());
			settleAfterLosing(deployments.get(0), expiredOnClient);

			WorkerIdLease expiredOnServer = deployments.get(1).currentLease();
			this.support.expireOnServer(clients.get(1));
			settleAfterLosing(deployments.get(1), expiredOnServer);

			this.support.server().stop();
			await().atMost(Duration.ofSeconds(5))
				.until(() -> deployments.stream().noneMatch((deployment) -> deployment.currentLease().isValid()));
			this.support.server().restart();
			settle();

			WorkerIdLease deleted = deployments.get(2).currentLease();
			operator.delete().forPath(deleted.getPath());
			settleAfterLosing(deployments.get(2), deleted);

			WorkerIdLease stolen = deployments.get(0).currentLease();
			operator.inTransaction().delete().forPath(stolen.getPath()).and()
				.create().withMode(CreateMode.EPHEMERAL).forPath(stolen.getPath()).and().commit();
			settleAfterLosing(deployments.get(0), stolen);
			operator.delete().forPath(stolen.getPath());

			WorkerIdLease overtaken = deployments.get(2).currentLease();
			String record = this.support.path() + "/" + ClusterDeploymentImpl.MARKS + "/" + overtaken.getNodeId();
			HighWaterMark current = HighWaterMark.parse(operator.getData().forPath(record));
			operator.setData().forPath(record, new HighWaterMark(current.markMillis(), 0, "operator", "zkCli", 0,
					"operator-token").toBytes());
			settleAfterLosing(deployments.get(2), overtaken);

			// each forced release swaps the proxy's generator while its threads are issuing
			WorkerIdLease released = deployments.get(1).currentLease();
			for (int i = 0; i < 3; i++) {
				deployments.get(1).updateWorkerId(true);
			}
			settleAfterLosing(deployments.get(1), released);
		}
		finally {
			this.issuers.forEach(Issuer::stop);
		}

		long total = 0;
		for (Issuer issuer : this.issuers) {
			assertThat(issuer.failure).as(issuer.name).isNull();
			assertThat(issuer.strictlyIncreasing()).as("ids of %s strictly increase", issuer.name).isTrue();
			total += issuer.count;
		}
		long[] all = new long[(int) total];
		int at = 0;
		for (Issuer issuer : this.issuers) {
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
		assertThat(this.issuers.stream().mapToLong((issuer) -> issuer.refused.get()).sum())
			.as("calls refused while a lease was unproven").isPositive();
	}

	/** Waits until the leaser has replaced the lease it lost, then until every thread issues again. */
	private void settleAfterLosing(ClusterDeploymentImpl deployment, WorkerIdLease lost) {
		await().atMost(Duration.ofSeconds(20)).until(() -> deployment.currentLease() != lost);
		assertThat(lost.isValid()).isFalse();
		settle();
	}

	/** Waits until every leaser holds a valid lease and every thread has issued a few hundred ids more. */
	private void settle() {
		await().atMost(Duration.ofSeconds(20))
			.until(() -> this.issuers.stream().allMatch((issuer) -> issuer.proxy.getLease().isValid()));
		int[] counts = this.issuers.stream().mapToInt((issuer) -> issuer.count).toArray();
		await().atMost(Duration.ofSeconds(10)).until(() -> {
			for (int i = 0; i < counts.length; i++) {
				if (this.issuers.get(i).count < counts[i] + 300) {
					return false;
				}
			}
			return true;
		});
	}

	private static final class Issuer implements Runnable {

		private final IdServiceProxy proxy;

		private final String name;

		private final long[] ids = new long[1_000_000];

		private volatile int count;

		private final AtomicLong refused = new AtomicLong();

		private final AtomicBoolean running = new AtomicBoolean(true);

		private final Thread thread;

		private volatile Throwable failure;

		Issuer(IdServiceProxy proxy, String name) {
			this.proxy = proxy;
			this.name = name;
			this.thread = new Thread(this, name);
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
					LockSupport.parkNanos(50_000);
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
