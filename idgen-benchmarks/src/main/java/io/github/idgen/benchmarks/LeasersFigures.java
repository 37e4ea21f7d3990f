package io.github.idgen.benchmarks;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.lease.LeaseRange;
import io.github.idgen.lease.WorkerIdLease;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.data.Stat;

import static io.github.idgen.benchmarks.Figures.max;
import static io.github.idgen.benchmarks.Figures.median;
import static io.github.idgen.benchmarks.Figures.ms;
import static io.github.idgen.benchmarks.Figures.quantile;

/**
 * ZooKeeper leases, many at once: {@value #LEASERS} instances leasing on the 10-bit range (connecting
 * and leasing at once, or all connected first) and on the 5-bit range (32 win, the rest fail), then
 * how long one more leaser takes to fail when all 32 worker ids are held.
 */
final class LeasersFigures {

	static final int LEASERS = 1024;

	private LeasersFigures() {
	}

	static void print(String connectString) throws Exception {
		leasers(connectString, LeaseRange.NODE_ID, false);
		leasers(connectString, LeaseRange.NODE_ID, true);
		leasers(connectString, LeaseRange.WORKER_ID, true);
		sequentialExhaustion(connectString);
	}

	/**
	 * Starts {@link #LEASERS} deployments, each on its own Curator client (its own session: two
	 * deployments on one session could be handed the same id), and lets them lease at once.
	 * @param connectedFirst whether all connect before a barrier and then lease together, or each
	 * connects and leases straight away
	 */
	private static void leasers(String connectString, LeaseRange range, boolean connectedFirst) throws Exception {
		String path = "/leasers-" + range.name().toLowerCase(Locale.ROOT) + (connectedFirst ? "-connected" : "-cold")
				+ "/worker_ids";
		Stampede stampede = Stampede.run(LEASERS, connectedFirst, (leaser) -> {
			ClusterDeploymentImpl deployment = ClusterDeploymentImpl.builder(connectString)
				.workerIdsPath(path)
				.leaseRange(range, 0)
				.connectionTimeout(Duration.ofSeconds(60))
				.build();
			return Stampede.Leaser.of(deployment, deployment::start);
		});

		// what the leasers hold, checked against the server
		Set<Integer> nodeIds = new HashSet<>();
		Set<Long> sessions = new HashSet<>();
		for (WorkerIdLease lease : stampede.leases) {
			if (lease != null) {
				nodeIds.add(lease.getNodeId());
				sessions.add(lease.getSessionId());
			}
		}
		int holders = stampede.holders();
		int onServer;
		boolean ownersMatch = true;
		try (CuratorFramework operator = CuratorFrameworkFactory.newClient(connectString, new RetryOneTime(100))) {
			operator.start();
			operator.blockUntilConnected();
			for (WorkerIdLease lease : stampede.leases) {
				if (lease != null) {
					Stat stat = operator.checkExists().forPath(lease.getPath());
					ownersMatch &= stat != null && stat.getEphemeralOwner() == lease.getSessionId();
				}
			}
			// lease nodes only: the high-water mark records live in the 'marks' child beside them
			onServer = (int) operator.getChildren()
				.forPath(path)
				.stream()
				.filter((child) -> !child.equals(ClusterDeploymentImpl.MARKS))
				.count();
		}
		int expectedHolders = stampede.expectedHolders(range);
		boolean distinct = nodeIds.size() == holders && sessions.size() == holders;

		stampede.printHeader("", range, "connect", "clients (sessions) | " + LEASERS
				+ " Curator clients, one deployment each");
		stampede.printRows(holders + " (expected " + expectedHolders + "); distinct node ids " + nodeIds.size()
				+ ", distinct sessions " + sessions.size() + "; nodes on the server " + onServer
				+ ", each owned by its leaser's session: " + ownersMatch + " → " + (distinct && ownersMatch
						&& holders == expectedHolders && onServer == holders ? "**all distinct**" : "**CHECK FAILED**"),
				(range == LeaseRange.WORKER_ID) ? LEASERS - 32 : -1);
		stampede.closeAll();
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

}
