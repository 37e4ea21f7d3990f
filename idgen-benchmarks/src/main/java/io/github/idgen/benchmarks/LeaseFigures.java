package io.github.idgen.benchmarks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdLeaseUnavailableException;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.snowflake.IdServiceTwitter;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;

/**
 * The lease figures: start-up to the first id, many instances leasing at once, and how long ids
 * stop after a session expiry or a server restart. Everything runs against an in-process ZooKeeper
 * ({@link TestingServer}, the real server code) and prints a Markdown report.
 * <p>
 * Run {@code java -Xss256k -cp idgen-benchmarks/target/benchmarks.jar
 * io.github.idgen.benchmarks.LeaseFigures [startup] [leasers] [window]} (all three when no section is
 * named). {@code -Xss256k} keeps the stacks of the ~6,000 threads of the 1024 leasers small.
 */
public final class LeaseFigures {

	private static final int LEASERS = 1024;

	private static final int STARTUP_COLD_RUNS = 7;

	private static final int STARTUP_WARM_RUNS = 25;

	private static final int WINDOW_RUNS = 5;

	private LeaseFigures() {
	}

	public static void main(String[] args) throws Exception {
		Set<String> sections = new HashSet<>(Arrays.asList(args));
		boolean all = sections.isEmpty();
		// no connection limit per host: ZooKeeper's default of 60 would refuse the 1024 leasers
		InstanceSpec spec = new InstanceSpec(null, -1, -1, -1, true, -1, -1, 0);
		try (TestingServer server = new TestingServer(spec, true)) {
			System.out.println("# idgen lease figures");
			System.out.println();
			System.out.println(machine());
			if (all || sections.contains("startup")) {
				startup(server.getConnectString());
			}
			if (all || sections.contains("leasers")) {
				leasers(server.getConnectString(), LeaseRange.NODE_ID, false);
				leasers(server.getConnectString(), LeaseRange.NODE_ID, true);
				leasers(server.getConnectString(), LeaseRange.WORKER_ID, true);
				sequentialExhaustion(server.getConnectString());
			}
			if (all || sections.contains("window")) {
				window(server, false);
				window(server, true);
			}
		}
		System.exit(0);
	}

	// ---------------------------------------------------------------- start-up to the first id

	private static void startup(String connectString) throws Exception {
		System.out.println("## SpringApplication start to first id");
		System.out.println();
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		String classpath = System.getProperty("java.class.path");
		List<Long> coldFixed = new ArrayList<>();
		List<Long> coldCluster = new ArrayList<>();
		List<Long> uptimeFixed = new ArrayList<>();
		List<Long> uptimeCluster = new ArrayList<>();
		// one discarded run per mode warms the page cache for the jar; then the modes alternate
		for (int run = -1; run < STARTUP_COLD_RUNS; run++) {
			for (boolean cluster : new boolean[] { false, true }) {
				List<String> command = new ArrayList<>(List.of(java, "-cp", classpath,
						StartupProbe.class.getName(), cluster ? "cluster" : "fixed"));
				if (cluster) {
					command.add(connectString);
					command.add("/startup/worker_ids");
				}
				long[] result = runProbe(command);
				if (run >= 0) {
					(cluster ? coldCluster : coldFixed).add(result[0]);
					(cluster ? uptimeCluster : uptimeFixed).add(result[1] * 1_000_000);
				}
			}
		}
		List<Long> warmFixed = new ArrayList<>();
		List<Long> warmCluster = new ArrayList<>();
		for (int run = -3; run < STARTUP_WARM_RUNS; run++) {
			for (boolean cluster : new boolean[] { false, true }) {
				long nanos = StartupProbe.startOnce(cluster, connectString, "/startup-warm/worker_ids").nanosToFirstId();
				if (run >= 0) {
					(cluster ? warmCluster : warmFixed).add(nanos);
				}
			}
		}
		System.out.println("| mode | fresh JVM: run() to first id, median (min..max) | fresh JVM: JVM start to first id, median"
				+ " | warm JVM: run() to first id, median (min..max) |");
		System.out.println("| --- | --- | --- | --- |");
		System.out.println("| fixed (`IdServiceTwitter`) | " + spread(coldFixed) + " | " + ms(median(uptimeFixed)) + " | "
				+ spread(warmFixed) + " |");
		System.out.println("| cluster (`IdServiceProxy`, lease from ZooKeeper) | " + spread(coldCluster) + " | "
				+ ms(median(uptimeCluster)) + " | " + spread(warmCluster) + " |");
		System.out.println("| cluster − fixed (medians) | " + ms(median(coldCluster) - median(coldFixed)) + " | "
				+ ms(median(uptimeCluster) - median(uptimeFixed)) + " | " + ms(median(warmCluster) - median(warmFixed))
				+ " |");
		System.out.println();
		System.out.println("Fresh JVM: " + STARTUP_COLD_RUNS + " runs per mode, each in a new JVM (after one discarded run"
				+ " per mode). Warm JVM: " + STARTUP_WARM_RUNS + " runs per mode in this JVM after 3 discarded ones.");
		System.out.println();
	}

	private static long[] runProbe(List<String> command) throws Exception {
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		String result = null;
		StringBuilder output = new StringBuilder();
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				output.append(line).append('\n');
				if (line.startsWith("STARTUP ")) {
					result = line;
				}
			}
		}
		if (process.waitFor() != 0 || result == null) {
			throw new IllegalStateException("Start-up probe failed: " + command + "\n" + output);
		}
		String[] parts = result.split(" ");
		return new long[] { Long.parseLong(parts[1]), Long.parseLong(parts[2]) };
	}

	// ---------------------------------------------------------------- many leasers at once

	/**
	 * Starts {@link #LEASERS} deployments, each on its own Curator client (its own session: two
	 * deployments on one session could be handed the same id), and lets them lease at once.
	 * @param connectedFirst whether all connect before a barrier and then lease together, or each
	 * connects and leases straight away
	 */
	private static void leasers(String connectString, LeaseRange range, boolean connectedFirst) throws Exception {
		String path = "/leasers-" + range.name().toLowerCase(Locale.ROOT) + (connectedFirst ? "-connected" : "-cold")
				+ "/worker_ids";
		int threadsBefore = Thread.activeCount();
		AtomicReferenceArray<ClusterDeploymentImpl> deployments = new AtomicReferenceArray<>(LEASERS);
		long[] connected = new long[LEASERS];
		long[] leaseStart = new long[LEASERS];
		long[] leaseEnd = new long[LEASERS];
		WorkerIdLease[] leases = new WorkerIdLease[LEASERS];
		Throwable[] failures = new Throwable[LEASERS];
		CountDownLatch gate = new CountDownLatch(1);
		CyclicBarrier allConnected = new CyclicBarrier(LEASERS);
		CountDownLatch done = new CountDownLatch(LEASERS);
		int[] peakThreads = new int[1];
		long[] peakRssKb = new long[1];
		Thread[] threads = new Thread[LEASERS];
		for (int i = 0; i < LEASERS; i++) {
			int leaser = i;
			threads[i] = new Thread(null, () -> {
				try {
					gate.await();
					ClusterDeploymentImpl deployment = ClusterDeploymentImpl.builder(connectString)
						.workerIdsPath(path)
						.leaseRange(range, 0)
						.connectionTimeout(Duration.ofSeconds(60))
						.build();
					deployments.set(leaser, deployment);
					deployment.start();
					connected[leaser] = System.nanoTime();
					if (connectedFirst) {
						allConnected.await();
					}
					leaseStart[leaser] = System.nanoTime();
					try {
						deployment.getWorkerId();
						leases[leaser] = deployment.currentLease();
					}
					finally {
						leaseEnd[leaser] = System.nanoTime();
					}
				}
				catch (Throwable ex) {
					failures[leaser] = ex;
				}
				finally {
					done.countDown();
				}
			}, "leaser-" + i, 256 * 1024);
			threads[i].start();
		}
		long start = System.nanoTime();
		gate.countDown();
		while (!done.await(100, TimeUnit.MILLISECONDS)) {
			peakThreads[0] = Math.max(peakThreads[0], Thread.activeCount());
			peakRssKb[0] = Math.max(peakRssKb[0], rssKb());
		}
		long end = System.nanoTime();
		peakThreads[0] = Math.max(peakThreads[0], Thread.activeCount());
		peakRssKb[0] = Math.max(peakRssKb[0], rssKb());

		// what the leasers hold, checked against the server
		Set<Integer> nodeIds = new HashSet<>();
		Set<Long> sessions = new HashSet<>();
		List<Long> successNanos = new ArrayList<>();
		List<Long> exhaustedNanos = new ArrayList<>();
		List<Long> connectNanos = new ArrayList<>();
		int exhausted = 0;
		List<String> otherFailures = new ArrayList<>();
		long lastLease = start;
		for (int i = 0; i < LEASERS; i++) {
			if (connected[i] != 0) {
				connectNanos.add(connected[i] - start);
			}
			if (leases[i] != null) {
				nodeIds.add(leases[i].getNodeId());
				sessions.add(leases[i].getSessionId());
				successNanos.add(leaseEnd[i] - leaseStart[i]);
				lastLease = Math.max(lastLease, leaseEnd[i]);
			}
			else if (failures[i] instanceof WorkerIdsExhaustedException) {
				exhausted++;
				exhaustedNanos.add(leaseEnd[i] - leaseStart[i]);
			}
			else if (failures[i] != null) {
				otherFailures.add(failures[i].toString());
			}
		}
		int holders = successNanos.size();
		int onServer = 0;
		boolean ownersMatch = true;
		try (CuratorFramework operator = CuratorFrameworkFactory.newClient(connectString, new RetryOneTime(100))) {
			operator.start();
			operator.blockUntilConnected();
			for (int i = 0; i < LEASERS; i++) {
				if (leases[i] != null) {
					Stat stat = operator.checkExists().forPath(leases[i].getPath());
					ownersMatch &= stat != null && stat.getEphemeralOwner() == leases[i].getSessionId();
				}
			}
			// lease nodes only: the high-water mark records live in the 'marks' child beside them
			onServer = (int) operator.getChildren()
				.forPath(path)
				.stream()
				.filter((child) -> !child.equals(ClusterDeploymentImpl.MARKS))
				.count();
		}
		int expectedHolders = (range == LeaseRange.NODE_ID) ? LEASERS : 32;
		boolean distinct = nodeIds.size() == holders && sessions.size() == holders;

		System.out.println("### " + LEASERS + " leasers at once, " + range + " range ("
				+ (range == LeaseRange.NODE_ID ? "1024 node ids" : "32 worker ids of datacenter id 0") + "), "
				+ (connectedFirst ? "all connected first, then leasing together" : "each connecting and leasing at once"));
		System.out.println();
		System.out.println("| figure | value |");
		System.out.println("| --- | --- |");
		System.out.println("| clients (sessions) | " + LEASERS + " Curator clients, one deployment each |");
		System.out.println("| connected (start() returned), from the gate: median / max | "
				+ ms(median(connectNanos)) + " / " + ms(max(connectNanos)) + " |");
		System.out.println("| holding an id | " + holders + " (expected " + expectedHolders + "); distinct node ids "
				+ nodeIds.size() + ", distinct sessions " + sessions.size() + "; nodes on the server " + onServer
				+ ", each owned by its leaser's session: " + ownersMatch + " → " + (distinct && ownersMatch
						&& holders == expectedHolders && onServer == holders ? "**all distinct**" : "**CHECK FAILED**")
				+ " |");
		System.out.println("| from the gate until the last holder had its id | " + ms(lastLease - start) + " |");
		if (connectedFirst) {
			long released = Arrays.stream(leaseStart).filter((t) -> t != 0).min().orElse(start);
			System.out.println("| from the moment all were connected until the last holder had its id | "
					+ ms(lastLease - released) + " |");
		}
		System.out.println("| getWorkerId() of the holders: median / p99 / max | " + ms(median(successNanos)) + " / "
				+ ms(quantile(successNanos, 0.99)) + " / " + ms(max(successNanos)) + " |");
		if (range == LeaseRange.WORKER_ID) {
			System.out.println("| failed with WorkerIdsExhaustedException | " + exhausted + " (expected "
					+ (LEASERS - 32) + ") |");
			System.out.println("| getWorkerId() of those failing: median / p99 / max | " + ms(median(exhaustedNanos))
					+ " / " + ms(quantile(exhaustedNanos, 0.99)) + " / " + ms(max(exhaustedNanos)) + " |");
		}
		if (!otherFailures.isEmpty()) {
			System.out.println("| other failures | " + otherFailures.size() + ", first: " + otherFailures.get(0) + " |");
		}
		System.out.println("| everything settled (all " + LEASERS + " leasers done), from the gate | "
				+ ms(end - start) + " |");
		System.out.println("| JVM threads before / at peak | " + threadsBefore + " / " + peakThreads[0] + " (stack 256 KiB) |");
		System.out.println("| JVM resident memory at peak | " + (peakRssKb[0] / 1024) + " MiB |");

		// close them all, a few at a time in parallel
		long closeStart = System.nanoTime();
		parallel(32, LEASERS, (i) -> {
			ClusterDeploymentImpl deployment = deployments.get(i);
			if (deployment != null) {
				deployment.close();
			}
		});
		System.out.println("| closing all " + LEASERS + " (32 at a time) | " + ms(System.nanoTime() - closeStart) + " |");
		System.out.println();
	}

	/** With the 32 worker ids held, how long one more leaser takes to fail, uncontended. */
	private static void sequentialExhaustion(String connectString) throws Exception {
		String path = "/exhaustion-sequential/worker_ids";
		List<ClusterDeploymentImpl> holders = new ArrayList<>();
		try {
			for (int i = 0; i < 32; i++) {
				ClusterDeploymentImpl holder = ClusterDeploymentImpl.builder(connectString).workerIdsPath(path).build();
				holders.add(holder);
				holder.start();
				holder.getWorkerId();
			}
			ClusterDeploymentImpl extra = ClusterDeploymentImpl.builder(connectString).workerIdsPath(path).build();
			holders.add(extra);
			extra.start();
			List<Long> nanos = new ArrayList<>();
			for (int i = -20; i < 200; i++) {
				long start = System.nanoTime();
				try {
					extra.updateWorkerId(false);
					throw new IllegalStateException("A 33rd leaser got an id: " + extra.currentLease());
				}
				catch (WorkerIdsExhaustedException expected) {
					if (i >= 0) {
						nanos.add(System.nanoTime() - start);
					}
				}
			}
			System.out.println("### One more leaser when all 32 worker ids are held, uncontended");
			System.out.println();
			System.out.println("getWorkerId() fails with WorkerIdsExhaustedException in median " + ms(median(nanos))
					+ ", p99 " + ms(quantile(nanos, 0.99)) + ", max " + ms(max(nanos)) + " (" + nanos.size()
					+ " tries after 20 discarded; one getChildren round trip and, as this instance never held a lease,"
					+ " up to 8 reads of live holders' mark records for the start-up clock check; no create is tried).");
			System.out.println();
		}
		finally {
			holders.forEach(ClusterDeploymentImpl::close);
		}
	}

	// ---------------------------------------------------------------- unavailable window

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
		System.out.println("| run | " + (restart ? "stop()+restart() took" : "expiry procedure took")
				+ " | event → first id again | longest gap between two ids | lease |");
		System.out.println("| --- | --- | --- | --- | --- |");
		for (int i = 0; i < toFirstId.size(); i++) {
			System.out.println("| " + (i + 1) + " | " + ms(eventNanos.get(i)) + " | " + ms(toFirstId.get(i)) + " | "
					+ ms(gaps.get(i)) + " | " + notes.get(i) + " |");
		}
		System.out.println("| **median** | " + ms(median(eventNanos)) + " | **" + ms(median(toFirstId)) + "** | **"
				+ ms(median(gaps)) + "** | |");
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
				java.util.concurrent.locks.LockSupport.parkNanos(50_000);
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

	// ---------------------------------------------------------------- helpers

	private static void parallel(int threads, int count, IntConsumerWithException task) throws InterruptedException {
		AtomicInteger next = new AtomicInteger();
		List<Thread> workers = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			Thread worker = new Thread(() -> {
				for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
					try {
						task.accept(i);
					}
					catch (Exception ex) {
						System.err.println("Closing leaser " + i + " failed: " + ex);
					}
				}
			});
			workers.add(worker);
			worker.start();
		}
		for (Thread worker : workers) {
			worker.join();
		}
	}

	@FunctionalInterface
	private interface IntConsumerWithException {

		void accept(int value) throws Exception;

	}

	private static String machine() {
		Runtime runtime = Runtime.getRuntime();
		return "JVM " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + ", "
				+ runtime.availableProcessors() + " processors, max heap " + (runtime.maxMemory() >> 20) + " MiB.";
	}

	private static long rssKb() {
		try {
			for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
				if (line.startsWith("VmRSS:")) {
					return Long.parseLong(line.replaceAll("[^0-9]", ""));
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			// not on Linux: no figure
		}
		return 0;
	}

	private static long median(List<Long> values) {
		return quantile(values, 0.5);
	}

	private static long quantile(List<Long> values, double q) {
		if (values.isEmpty()) {
			return 0;
		}
		long[] sorted = values.stream().mapToLong(Long::longValue).sorted().toArray();
		int rank = (int) Math.ceil(q * sorted.length) - 1;
		return sorted[Math.max(0, Math.min(sorted.length - 1, rank))];
	}

	private static long max(List<Long> values) {
		return values.stream().mapToLong(Long::longValue).max().orElse(0);
	}

	private static String spread(List<Long> values) {
		return ms(median(values)) + " (" + ms(values.stream().mapToLong(Long::longValue).min().orElse(0)) + ".."
				+ ms(max(values)) + ")";
	}

	private static String ms(long nanos) {
		double millis = nanos / 1e6;
		return (millis < 10 ? String.format(Locale.ROOT, "%.2f ms", millis)
				: String.format(Locale.ROOT, "%.0f ms", millis));
	}

}
