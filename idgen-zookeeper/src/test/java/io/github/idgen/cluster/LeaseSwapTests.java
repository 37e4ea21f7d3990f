package io.github.idgen.cluster;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.snowflake.IdServiceTwitter;
import io.github.idgen.snowflake.MillisClock;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.awaitility.Awaitility.await;

/**
 * How the proxy moves between leases: only forward, one generator per lease, one open proxy per
 * deployment, and never an id after close.
 */
class LeaseSwapTests {

	@RegisterExtension
	static final LeaseTestSupport support = LeaseTestSupport.withTestingServer();

	private final ExecutorService executor = Executors.newCachedThreadPool();

	@AfterEach
	void stopThreads() {
		this.executor.shutdownNow();
	}

	@Test
	void aProxyThatSawAnOlderLeaseLateNeverSwapsBackNorMakesASecondGeneratorForTheNewestLease() throws Exception {
		ClusterDeploymentImpl real = support.startDeployment();
		StallingDeployment deployment = new StallingDeployment(real);
		IdServiceProxy proxy = support.proxy(deployment, Duration.ofSeconds(2));
		proxy.nextId();
		WorkerIdLease second = forceAnotherLease(real);
		deployment.stallNextRead(second);
		Future<Long> late = this.executor.submit(proxy::nextId);
		deployment.awaitStalled();

		WorkerIdLease third = forceAnotherLease(real);
		long fromThird = proxy.nextId();
		IdServiceTwitter thirdGenerator = proxy.getGenerator();
		deployment.resume();
		long fromLate = late.get(5, TimeUnit.SECONDS);

		assertThat(proxy.getLease()).isSameAs(third);
		assertThat(proxy.getGenerator()).as("one generator per lease").isSameAs(thirdGenerator);
		assertThat(fromLate).isNotEqualTo(fromThird);
		assertThat(proxy.nextId()).isGreaterThan(Math.max(fromLate, fromThird));
	}

	@Test
	void aSecondProxyOnOneDeploymentIsRefusedWhileTheFirstIsOpen() {
		ClusterDeploymentImpl deployment = support.startDeployment();
		support.proxy(deployment, Duration.ofSeconds(1)).nextId();

		assertThatIllegalStateException().isThrownBy(() -> support.proxy(deployment, Duration.ofSeconds(1)))
			.withMessageContaining("already serves")
			.withMessageContaining(deployment.currentLease().getPath());
	}

	@Test
	void aProxyThatReplacesAClosedOneContinuesAfterItsLastIdEvenInTheSameMillisecond() {
		AtomicLong now = new AtomicLong(System.currentTimeMillis());
		AtomicBoolean ticking = new AtomicBoolean();
		// stands still while the first proxy issues, then moves 1 ms per read: the second proxy's
		// first read is the first proxy's millisecond
		MillisClock clock = () -> ticking.get() ? now.getAndIncrement() : now.get();
		ClusterDeploymentImpl deployment = support.start(support.builder().clock(clock).build());
		IdServiceProxy first = support.proxy(deployment, Duration.ofSeconds(1));
		List<Long> issued = new ArrayList<>(first.nextIds(100));
		first.close();
		ticking.set(true);

		IdServiceProxy second = support.proxy(deployment, Duration.ofSeconds(1));
		List<Long> next = second.nextIds(100);

		assertThat(next.get(0)).isGreaterThan(issued.get(issued.size() - 1));
		issued.addAll(next);
		assertThat(issued).doesNotHaveDuplicates().isSorted();
	}

	@Test
	void aClosedProxyNeverIssuesAgainEvenAfterTheLeaseIsConfirmedAgain() {
		ClusterDeploymentImpl deployment = support.startDeployment();
		IdServiceProxy proxy = support.proxy(deployment, Duration.ofMillis(100));
		proxy.nextId();

		proxy.close();

		await().atMost(Duration.ofSeconds(5))
			.until(() -> deployment.currentLease().getState() == WorkerIdLease.State.ACTIVE
					&& deployment.currentLease().isValid());
		assertThatIllegalStateException().isThrownBy(proxy::nextId).withMessageContaining("closed");
		assertThatIllegalStateException().isThrownBy(() -> proxy.nextIds(3)).withMessageContaining("closed");
	}

	/** Gives back the current lease until another node id is leased, so that the swap must change generators. */
	private static WorkerIdLease forceAnotherLease(ClusterDeploymentImpl deployment) {
		int previous = deployment.currentLease().getNodeId();
		do {
			deployment.updateWorkerId(true);
		}
		while (deployment.currentLease().getNodeId() == previous);
		return deployment.currentLease();
	}

	/**
	 * A deployment whose next {@link #currentLease()} answer is a given lease, handed over only when
	 * the test says so: a thread preempted between reading the lease and swapping.
	 */
	private static final class StallingDeployment implements ClusterDeployment {

		private final ClusterDeployment delegate;

		private volatile @Nullable WorkerIdLease stalled;

		private final CountDownLatch reached = new CountDownLatch(1);

		private final CountDownLatch resume = new CountDownLatch(1);

		StallingDeployment(ClusterDeployment delegate) {
			this.delegate = delegate;
		}

		void stallNextRead(WorkerIdLease lease) {
			this.stalled = lease;
		}

		/** Waits until a thread is stalled; a proxy that never reads the lease this way is fine too. */
		void awaitStalled() throws InterruptedException {
			this.reached.await(1, TimeUnit.SECONDS);
		}

		void resume() {
			this.resume.countDown();
		}

		@Override
		public @Nullable WorkerIdLease currentLease() {
			WorkerIdLease lease = this.stalled;
			if (lease != null) {
				this.stalled = null;
				this.reached.countDown();
				try {
					this.resume.await(5, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				return lease;
			}
			return this.delegate.currentLease();
		}

		@Override
		public int getWorkerId() {
			return this.delegate.getWorkerId();
		}

		@Override
		public int getDatacenterId() {
			return this.delegate.getDatacenterId();
		}

		@Override
		public MillisClock getClock() {
			return this.delegate.getClock();
		}

		@Override
		public int updateWorkerId(boolean forced) {
			return this.delegate.updateWorkerId(forced);
		}

		@Override
		public long attachIssuer(Object issuer) {
			return this.delegate.attachIssuer(issuer);
		}

		@Override
		public void detachIssuer(Object issuer, long lastIssuedId) {
			this.delegate.detachIssuer(issuer, lastIssuedId);
		}

		@Override
		public void addReconnectedListener(Consumer<ClusterDeployment> listener) {
			this.delegate.addReconnectedListener(listener);
		}

		@Override
		public void addLeaseListener(Consumer<WorkerIdLease> listener) {
			this.delegate.addLeaseListener(listener);
		}

	}

}
