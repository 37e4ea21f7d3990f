package io.github.idgen.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/**
 * How long ids stop for one instance whose ZooKeeper session expires, or whose server restarts,
 * while a caller keeps asking for ids: from the event to the first id again, and the longest gap
 * between two ids.
 */
final class UnavailableWindowFigures {

	private static final int WINDOW_RUNS = 5;

	private UnavailableWindowFigures() {
	}

	static void print(TestingServer server) throws Exception {
		window(server, false);
		window(server, true);
	}

	private static void window(TestingServer server, boolean restart) throws Exception {
		String connectString = server.getConnectString();
		// the client a deployment builds for itself, with the library's defaults
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs((int) ClusterDeploymentImpl.DEFAULT_SESSION_TIMEOUT.toMillis())
			.connectionTimeoutMs((int) ClusterDeploymentImpl.DEFAULT_CONNECTION_TIMEOUT.toMillis())
			.retryPolicy(new ExponentialBackoffRetry(100, 3))
			.simulatedSessionExpirationPercent(100)
			.build();
		client.start();
		ClusterDeploymentImpl deployment = ClusterDeploymentImpl.builder(client)
			.workerIdsPath(restart ? "/window-restart/worker_ids" : "/window-expiry/worker_ids")
			.build();
		deployment.start();
		IdServiceProxy proxy = new IdServiceProxy(deployment, Duration.ofSeconds(2), IdServiceTwitter::builder);
		Issuer issuer = new Issuer(proxy);
		Thread thread = new Thread(issuer, "issuer");
		thread.start();
		List<Long> toFirstId = new ArrayList<>();
		List<Long> gaps = new ArrayList<>();
		List<Long> eventNanos = new ArrayList<>();
		List<String> notes = new ArrayList<>();
		try {
			for (int run = 0; run < WINDOW_RUNS; run++) {
				Thread.sleep(2000);
				WorkerIdLease before = proxy.getLease();
				issuer.resetGaps();
				long event = System.nanoTime();
				if (restart) {
					server.stop();
					server.restart();
				}
				else {
					expireOnServer(client, connectString);
				}
				long eventDone = System.nanoTime();
				// wait for the first id after the outage
				long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
				long[] gap = null;
				while (gap == null && System.nanoTime() < deadline) {
					Thread.sleep(20);
					gap = issuer.gapEndingAfter(event, 20_000_000L);
				}
				if (gap == null) {
					// no outage longer than 20 ms: take the longest stretch there was
					gap = issuer.gapEndingAfter(event, 0);
				}
				if (gap == null) {
					throw new IllegalStateException("No id was issued again within 30 s of the event");
				}
				toFirstId.add(gap[1] - event);
				gaps.add(gap[1] - gap[0]);
				eventNanos.add(eventDone - event);
				Thread.sleep(200);
				WorkerIdLease after = proxy.getLease();
				notes.add("session 0x" + Long.toHexString(before.getSessionId()) + " → 0x"
						+ Long.toHexString(after.getSessionId()) + ", node " + before.getNodeId() + " → "
						+ after.getNodeId());
			}
		}
		finally {
			issuer.stop();
			thread.join();
			proxy.close();
			deployment.close();
			client.close();
		}
		System.out.println("## Unavailable window: " + (restart ? "server restart (TestingServer.stop(); restart())"
				: "forced session expiry (twin handle with the same session id and password, connected, then closed)"));
		System.out.println();
		Figures.printRuns(List.of(restart ? "stop()+restart() took" : "expiry procedure took", "event → first id again",
				"longest gap between two ids"), List.of(eventNanos, toFirstId, gaps), List.of(false, true, true), notes);
		System.out.println();
		System.out.println("Ids issued by the retrying caller: " + issuer.issued + ", strictly increasing: "
				+ !issuer.notIncreasing + "; calls that failed with WorkerIdLeaseUnavailableException (after waiting"
				+ " the 2 s lease wait timeout): " + issuer.unavailable + ".");
		System.out.println();
	}

	/** Expires the session on the server: a second handle with the same id and password, closed. */
	private static void expireOnServer(CuratorFramework client, String connectString) throws Exception {
		ZooKeeper original = client.getZookeeperClient().getZooKeeper();
		CountDownLatch connected = new CountDownLatch(1);
		ZooKeeper twin = new ZooKeeper(connectString, 10_000, (event) -> {
			if (event.getState() == Watcher.Event.KeeperState.SyncConnected) {
				connected.countDown();
			}
		}, original.getSessionId(), original.getSessionPasswd());
		try {
			if (!connected.await(10, TimeUnit.SECONDS)) {
				throw new IllegalStateException("The twin handle did not connect");
			}
		}
		finally {
			twin.close();
		}
	}

	/**
	 * Calls {@code nextId()} about every 50 µs, retrying failures, and records every stretch of more
	 * than a millisecond between two issued ids.
	 */
	private static final class Issuer implements Runnable {

		private final IdServiceProxy proxy;

		private volatile boolean running = true;

		private final List<long[]> gaps = new ArrayList<>();

		long issued;

		long unavailable;

		boolean notIncreasing;

		Issuer(IdServiceProxy proxy) {
			this.proxy = proxy;
		}

		@Override
		public void run() {
			long lastId = Long.MIN_VALUE;
			long lastOk = System.nanoTime();
			while (this.running) {
				try {
					long id = this.proxy.nextId();
					long now = System.nanoTime();
					this.issued++;
					if (id <= lastId) {
						this.notIncreasing = true;
					}
					lastId = id;
					if (now - lastOk > 1_000_000) {
						synchronized (this.gaps) {
							this.gaps.add(new long[] { lastOk, now });
						}
					}
					lastOk = now;
				}
				catch (WorkerIdLeaseUnavailableException ex) {
					this.unavailable++;
				}
				catch (IllegalStateException ex) {
					if (this.running) {
						throw ex;
					}
				}
				LockSupport.parkNanos(50_000);
			}
		}

		void resetGaps() {
			synchronized (this.gaps) {
				this.gaps.clear();
			}
		}

		/** The longest recorded gap that ends after {@code event}, once one exists. */
		long[] gapEndingAfter(long event, long minNanos) {
			synchronized (this.gaps) {
				long[] longest = null;
				for (long[] gap : this.gaps) {
					if (gap[1] > event && (longest == null || gap[1] - gap[0] > longest[1] - longest[0])) {
						longest = gap;
					}
				}
				// an outage lasts far longer than the scheduling hiccups also recorded here
				return (longest != null && longest[1] - longest[0] > minNanos) ? longest : null;
			}
		}

		void stop() {
			this.running = false;
		}

	}

}
