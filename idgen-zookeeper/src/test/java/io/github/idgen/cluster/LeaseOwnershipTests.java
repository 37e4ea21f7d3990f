package io.github.idgen.cluster;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.snowflake.MillisClock;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

/**
 * Whose node and whose mark record: a deployment adopts, overwrites and keeps only what carries its
 * own token, and gives its node back whenever it gives an id up.
 */
class LeaseOwnershipTests {

	private static final int FREE = 5;

	@RegisterExtension
	final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	private final ExecutorService executor = Executors.newCachedThreadPool();

	@AfterEach
	void stopThreads() {
		this.executor.shutdownNow();
	}

	@Test
	void twoDeploymentsOnOneClientNeverBothHoldTheLastFreeId() throws Exception {
		CuratorFramework shared = this.support.startedClient(2_000);
		this.support.occupyAllBut(this.support.operatorClient(), FREE);
		CyclicBarrier bothListed = new CyclicBarrier(2);
		ClusterDeploymentImpl a = startOn(shared, meetAtFirstRead(bothListed));
		ClusterDeploymentImpl b = startOn(shared, meetAtFirstRead(bothListed));

		Future<Integer> first = this.executor.submit(a::getWorkerId);
		Future<Integer> second = this.executor.submit(b::getWorkerId);

		List<Integer> held = new ArrayList<>();
		List<Throwable> failed = new ArrayList<>();
		for (Future<Integer> leased : List.of(first, second)) {
			try {
				held.add(leased.get(10, TimeUnit.SECONDS));
			}
			catch (java.util.concurrent.ExecutionException ex) {
				failed.add(ex.getCause());
			}
		}
		assertThat(held).containsExactly(FREE);
		assertThat(failed).singleElement().isInstanceOf(WorkerIdsExhaustedException.class);
	}

	@Test
	void aClientWithANamespaceIsRefusedNamingTheNamespaceAndTheEffectivePath() throws Exception {
		CuratorFramework namespaced = this.support.startedClient(2_000).usingNamespace("tenant-a");

		assertThatIllegalArgumentException().isThrownBy(() -> this.support.builderOn(namespaced).build())
			.withMessageContaining("namespace 'tenant-a'")
			.withMessageContaining("/tenant-a" + this.support.path());
	}

	@Test
	void aHolderWhoseRecordAnOperatorTookOverGivesItsNodeBackAndLeasesAnotherId() throws Exception {
		CuratorFramework operator = this.support.operatorClient();
		ClusterDeploymentImpl deployment = this.support.startDeployment();
		WorkerIdLease old = deployment.currentLease() != null ? deployment.currentLease() : leaseOf(deployment);
		String record = this.support.path() + "/marks/" + old.getNodeId();

		operator.setData().forPath(record, "mark=1\nahead=0\ninstance=operator\nprocess=zkCli\nsession=1\ntoken=operator\n"
			.getBytes(StandardCharsets.UTF_8));

		await().atMost(Duration.ofSeconds(5)).until(() -> deployment.currentLease() != old
				&& deployment.currentLease().isValid());
		assertThat(deployment.currentLease().getNodeId()).isNotEqualTo(old.getNodeId());
		assertThat(operator.checkExists().forPath(old.getPath())).as("the node of the id given up").isNull();
	}

	@Test
	void aHolderPausedBetweenCreatingItsNodeAndTakingTheRecordNeverStopsTheSuccessorThatLeasedTheId() throws Exception {
		CuratorFramework operator = this.support.operatorClient();
		this.support.occupyAllBut(operator, FREE);
		CuratorFramework pausedClient = this.support.startedClient(2_000);
		String node = this.support.path() + "/" + FREE;
		PausingClock pausing = new PausingClock(() -> ownsNode(pausedClient, node));
		ClusterDeploymentImpl paused = startOn(pausedClient, pausing);
		Future<Integer> pausedLease = this.executor.submit(paused::getWorkerId);
		assertThat(pausing.reached.await(10, TimeUnit.SECONDS)).as("paused while owning the node").isTrue();

		this.support.expireOnServer(pausedClient);
		ClusterDeploymentImpl successor = this.support.startDeployment();
		await().atMost(Duration.ofSeconds(10)).ignoreExceptions().until(() -> successor.getWorkerId() == FREE);
		IdServiceProxy ids = this.support.proxy(successor, Duration.ofMillis(500));
		ids.nextId();
		pausing.resume.countDown();
		try {
			pausedLease.get(10, TimeUnit.SECONDS);
		}
		catch (java.util.concurrent.ExecutionException ex) {
			// the paused instance may fail to lease: every id is taken
		}

		WorkerIdLease successorLease = successor.currentLease();
		await().during(Duration.ofMillis(10 * LeaseTestSupport.MARK_INTERVAL.toMillis()))
			.atMost(Duration.ofSeconds(5))
			.until(() -> ids.nextId() > 0 && successor.currentLease() == successorLease);
		String owner = new String(operator.getData().forPath(this.support.path() + "/marks/" + FREE),
				StandardCharsets.UTF_8);
		assertThat(owner).contains("session=" + Long.toHexString(successorLease.getSessionId()));
	}

	@Test
	void anInstanceNeverRejectsItsOwnIdForItsOwnMarkHoweverFarAheadItIs() throws Exception {
		CuratorFramework operator = this.support.operatorClient();
		this.support.occupyAllBut(operator, FREE);
		CuratorFramework client = this.support.startedClient(2_000);
		long start = System.currentTimeMillis();
		MillisClock frozen = () -> start;
		ClusterDeploymentImpl deployment = this.support.start(this.support.builderOn(client)
			.clock(frozen)
			.markInterval(Duration.ofSeconds(1))
			.markMaxWait(Duration.ofMillis(500))
			.build());
		WorkerIdLease old = leaseOf(deployment);
		assertThat(old.getMarkMillis() - start).as("own mark ahead of the bound").isGreaterThan(500);

		this.support.expireOnServer(client);

		await().atMost(Duration.ofSeconds(10)).until(() -> deployment.currentLease() != old
				&& deployment.currentLease().isValid());
		assertThat(deployment.currentLease().getNodeId()).isEqualTo(FREE);
	}

	private ClusterDeploymentImpl startOn(CuratorFramework client, MillisClock clock) {
		return this.support.start(this.support.builderOn(client).clock(clock).build());
	}

	private static WorkerIdLease leaseOf(ClusterDeploymentImpl deployment) {
		deployment.getWorkerId();
		return deployment.currentLease();
	}

	private static boolean ownsNode(CuratorFramework client, String node) {
		try {
			Stat stat = client.checkExists().forPath(node);
			return stat != null && stat.getEphemeralOwner() == client.getZookeeperClient().getZooKeeper().getSessionId();
		}
		catch (Exception ex) {
			return false;
		}
	}

	/** The system clock, whose first read in each deployment waits for the other deployment's. */
	private static MillisClock meetAtFirstRead(CyclicBarrier barrier) {
		AtomicBoolean met = new AtomicBoolean();
		return () -> {
			if (met.compareAndSet(false, true)) {
				try {
					barrier.await(3, TimeUnit.SECONDS);
				}
				catch (InterruptedException | BrokenBarrierException | TimeoutException ex) {
					// a deployment that reads no clock between listing and claiming needs no meeting
				}
			}
			return System.currentTimeMillis();
		};
	}

	/** The system clock, which stalls once, on the first read made while a condition holds. */
	private static final class PausingClock implements MillisClock {

		private final java.util.function.BooleanSupplier when;

		private final AtomicBoolean paused = new AtomicBoolean();

		final CountDownLatch reached = new CountDownLatch(1);

		final CountDownLatch resume = new CountDownLatch(1);

		PausingClock(java.util.function.BooleanSupplier when) {
			this.when = when;
		}

		@Override
		public long millis() {
			if (!this.paused.get() && this.when.getAsBoolean() && this.paused.compareAndSet(false, true)) {
				this.reached.countDown();
				try {
					this.resume.await(20, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
			return System.currentTimeMillis();
		}

	}

}
