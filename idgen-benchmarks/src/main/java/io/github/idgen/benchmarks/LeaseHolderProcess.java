package io.github.idgen.benchmarks;

import java.io.Closeable;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

import com.zaxxer.hikari.HikariDataSource;
import io.github.idgen.cluster.ClusterDeploymentImpl;
import io.github.idgen.jdbc.JdbcLeaseDeployment;
import io.github.idgen.jdbc.LeaseSchemaInitialization;
import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.redis.RedisConnector;
import io.github.idgen.redis.RedisLeaseDeployment;
import io.github.idgen.snowflake.IdServiceTwitter;

/**
 * An instance that holds a lease in a JVM of its own, so that {@link HandoverFigures} can kill it
 * ({@code SIGKILL}: nothing is given back) or stop it ({@code SIGTERM}: the shutdown hook closes the
 * proxy and the deployment, which gives the id back). Leases, prints {@code HOLDING <nodeId> <first id>},
 * then issues an id every millisecond until it ends.
 */
public final class LeaseHolderProcess {

	private LeaseHolderProcess() {
	}

	/**
	 * @param args {@code zookeeper <connectString> <workerIdsPath>},
	 * {@code jdbc <url> <user> <password> <leaseGroup>} or {@code redis <host> <port> <replicas> <leaseGroup>}
	 */
	public static void main(String[] args) throws Exception {
		List<Closeable> resources = new java.util.ArrayList<>();
		ClusterDeployment deployment;
		if ("zookeeper".equals(args[0])) {
			ClusterDeploymentImpl zookeeper = ClusterDeploymentImpl.builder(args[1]).workerIdsPath(args[2]).build();
			zookeeper.start();
			deployment = zookeeper;
			resources.add(zookeeper);
		}
		else if ("redis".equals(args[0])) {
			RedisConnector connector = RedisTarget.of(List.of(args), 1).connector();
			RedisLeaseDeployment redis = RedisLeaseDeployment.builder(connector).leaseGroup(args[4]).build();
			redis.start();
			deployment = redis;
			// closed in reverse: the deployment gives its record back before the connector closes
			resources.add(connector::close);
			resources.add(redis);
		}
		else {
			HikariDataSource pool = new JdbcTarget(args[1], args[2], args[3]).pool(2, null);
			JdbcLeaseDeployment jdbc = JdbcLeaseDeployment.builder(pool)
				.leaseGroup(args[4])
				.schemaInitialization(LeaseSchemaInitialization.ALWAYS)
				.build();
			jdbc.start();
			deployment = jdbc;
			// closed in reverse: the deployment gives its row back before the pool closes
			resources.add(pool);
			resources.add(jdbc);
		}
		IdServiceProxy proxy = new IdServiceProxy(deployment, Duration.ofSeconds(2), IdServiceTwitter::builder);
		resources.add(proxy);
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			for (int i = resources.size() - 1; i >= 0; i--) {
				try {
					resources.get(i).close();
				}
				catch (Exception ex) {
					System.err.println("Closing " + resources.get(i) + " failed: " + ex);
				}
			}
		}, "release"));
		long first = proxy.nextId();
		System.out.println("HOLDING " + proxy.getLease().getNodeId() + " " + first);
		System.out.flush();
		for (;;) {
			proxy.nextId();
			LockSupport.parkNanos(1_000_000);
		}
	}

}
