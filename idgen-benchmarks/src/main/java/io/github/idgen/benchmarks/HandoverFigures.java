package io.github.idgen.benchmarks;

import java.io.Closeable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.jdbc.JdbcLeaseDeployment;
import io.github.idgen.jdbc.LeaseSchemaInitialization;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.lease.WorkerIdsExhaustedException;
import io.github.idgen.redis.RedisConnector;
import io.github.idgen.redis.RedisLeaseDeployment;
import io.github.idgen.snowflake.IdServiceTwitter;

/**
 * How long a worker id is out of use when its holder dies or stops, on each backend: all 32 worker ids
 * are held (31 in this JVM, one by a {@link LeaseHolderProcess}), a successor in this JVM keeps asking
 * for an id from the moment the holder is killed ({@code SIGKILL}, nothing given back) or stopped
 * ({@code SIGTERM}, the id given back), and the figure is the time from that signal to the
 * successor's first id, which can only carry the dead or stopped holder's worker id.
 */
final class HandoverFigures {

	private static final int RUNS = 5;

	/** How long the successor pauses after {@link WorkerIdsExhaustedException} before it asks again. */
	private static final long RETRY_MILLIS = 10;

	private HandoverFigures() {
	}

	/**
	 * Where leases live: started deployments (holding no lease yet) and the arguments of a
	 * {@link LeaseHolderProcess}, both in a lease space (a ZooKeeper path or a lease group) of their own.
	 */
	private record Backend(String description, Function<String, ClusterDeployment> deployments,
			Function<String, List<String>> holderArguments) {
	}

	static void print(String connectString, JdbcTarget jdbc, RedisTarget redis) throws Exception {
		if (connectString != null) {
			Backend zookeeper = new Backend(
					"ZooKeeper (session timeout " + ClusterDeploymentImpl.DEFAULT_SESSION_TIMEOUT.toSeconds() + " s)",
					(space) -> started(ClusterDeploymentImpl.builder(connectString).workerIdsPath(path(space)).build(),
							ClusterDeploymentImpl::start),
					(space) -> List.of("zookeeper", connectString, path(space)));
			handover(zookeeper, true, "");
			handover(zookeeper, false, "");
		}
		if (jdbc != null) {
			try (HikariDataSource pool = jdbc.pool(8, null)) {
				Backend database = new Backend(
						"JDBC on PostgreSQL (lease timeout " + JdbcLeaseDeployment.DEFAULT_LEASE_TIMEOUT.toSeconds() + " s)",
						(space) -> started(JdbcLeaseDeployment.builder(pool)
							.leaseGroup(space)
							.schemaInitialization(LeaseSchemaInitialization.ALWAYS)
							.build(), JdbcLeaseDeployment::start),
						(space) -> {
							List<String> arguments = new ArrayList<>(List.of("jdbc"));
							arguments.addAll(jdbc.asArgs());
							arguments.add(space);
							return arguments;
						});
				handover(database, true, "");
				handover(database, false, "");
			}
		}
		if (redis != null) {
			try (RedisConnector connector = redis.connector()) {
				Backend records = new Backend("Redis (lease timeout "
						+ RedisLeaseDeployment.DEFAULT_LEASE_TIMEOUT.toSeconds() + " s; " + redis.describe() + ")",
						(space) -> started(RedisLeaseDeployment.builder(connector).leaseGroup(space).build(),
								RedisLeaseDeployment::start),
						(space) -> {
							List<String> arguments = new ArrayList<>(List.of("redis"));
							arguments.addAll(redis.asArgs());
							arguments.add(space);
							return arguments;
						});
				// one group for every run: Redis claims a record it has no proof of being free only after a
				// lease timeout, so the group's ids are given back once first, and each run gives them back again
				String space = "handover-redis-" + System.currentTimeMillis();
				settle(records, space);
				handover(records, true, space);
				handover(records, false, space);
			}
		}
	}

	/** Leases all 32 ids of a space at once (one wait for records nobody freed yet) and gives them back. */
	private static void settle(Backend backend, String space) throws Exception {
		List<ClusterDeployment> deployments = new ArrayList<>();
		for (int i = 0; i < 32; i++) {
			deployments.add(backend.deployments().apply(space));
		}
		List<CompletableFuture<Integer>> leased = deployments.stream()
			.map((deployment) -> CompletableFuture.supplyAsync(deployment::getWorkerId))
			.toList();
		try {
			for (CompletableFuture<Integer> id : leased) {
				id.get(60, TimeUnit.SECONDS);
			}
		}
		finally {
			for (ClusterDeployment deployment : deployments) {
				((Closeable) deployment).close();
			}
		}
	}

	private static String path(String space) {
		return "/" + space + "/worker_ids";
	}

	private static <D extends ClusterDeployment> D started(D deployment, Consumer<D> start) {
		start.accept(deployment);
		return deployment;
	}

	/**
	 * @param sharedSpace the lease space of every run, or empty for a new one per run
	 */
	private static void handover(Backend backend, boolean killed, String sharedSpace) throws Exception {
		List<Long> toLease = new ArrayList<>();
		List<Long> toFirstId = new ArrayList<>();
		List<Long> holderGone = new ArrayList<>();
		List<String> notes = new ArrayList<>();
		for (int run = 0; run < RUNS; run++) {
			String space = !sharedSpace.isEmpty() ? sharedSpace
					: "handover-" + (killed ? "kill" : "stop") + "-" + run + "-" + System.currentTimeMillis();
			List<ClusterDeployment> deployments = new ArrayList<>();
			Process holder = null;
			try {
				for (int i = 0; i < 31; i++) {
					ClusterDeployment filler = backend.deployments().apply(space);
					deployments.add(filler);
					filler.getWorkerId();
				}
				holder = new ProcessBuilder(Figures.javaCommand(LeaseHolderProcess.class,
						backend.holderArguments().apply(space).toArray(String[]::new)))
					.redirectErrorStream(true)
					.start();
				int heldNodeId = Integer.parseInt(Figures.awaitLine(holder, (line) -> line.startsWith("HOLDING ")).split(" ")[1]);
				ClusterDeployment successor = backend.deployments().apply(space);
				deployments.add(successor);

				long signal = System.nanoTime();
				if (killed) {
					holder.destroyForcibly();
				}
				else {
					holder.destroy();
				}
				long[] gone = new long[1];
				CompletableFuture<Void> exited = holder.onExit().thenRun(() -> gone[0] = System.nanoTime() - signal);
				int tries = 1;
				for (;; tries++) {
					try {
						successor.updateWorkerId(false);
						toLease.add(System.nanoTime() - signal);
						break;
					}
					catch (WorkerIdsExhaustedException ex) {
						Thread.sleep(RETRY_MILLIS);
					}
				}
				try (IdServiceProxy proxy = new IdServiceProxy(successor, Duration.ofSeconds(30), IdServiceTwitter::builder)) {
					proxy.nextId();
					toFirstId.add(System.nanoTime() - signal);
					int nodeId = proxy.getLease().getNodeId();
					if (nodeId != heldNodeId) {
						throw new IllegalStateException("The successor leased node " + nodeId + ", not the holder's "
								+ heldNodeId + ": the range was not full");
					}
				}
				exited.get(30, TimeUnit.SECONDS);
				holderGone.add(gone[0]);
				notes.add("node " + heldNodeId + ", " + tries + " tries");
			}
			finally {
				if (holder != null) {
					holder.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
				}
				for (ClusterDeployment deployment : deployments) {
					((Closeable) deployment).close();
				}
			}
		}
		System.out.println("## Handover: holder " + (killed ? "killed (SIGKILL, nothing given back)"
				: "stopped (SIGTERM, the shutdown hook gives the id back)") + ", " + backend.description());
		System.out.println();
		Figures.printRuns(List.of("holder's JVM gone after", "signal → successor holds the lease",
				"signal → successor's first id (with that worker id)"), List.of(holderGone, toLease, toFirstId),
				List.of(false, false, true), notes);
		System.out.println();
	}

}
