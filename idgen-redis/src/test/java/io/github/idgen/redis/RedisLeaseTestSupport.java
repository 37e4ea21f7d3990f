package io.github.idgen.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.ToIntFunction;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.testsupport.AtOnce;
import io.github.idgen.testsupport.LeaseFixture;
import io.github.idgen.testsupport.RedisServer;
import io.github.idgen.testsupport.StartedLeases;
import io.lettuce.core.RedisURI;
import io.lettuce.core.ScriptOutputType;

/**
 * Builds Redis deployments and proxies with test-sized timeouts, each test in a lease group of its own,
 * and closes them (proxies first, the connector last) when closed.
 */
final class RedisLeaseTestSupport implements LeaseFixture<RedisLeaseDeployment>, AutoCloseable {

	static final Duration LEASE_TIMEOUT = Duration.ofSeconds(2);

	static final Duration MARK_INTERVAL = Duration.ofMillis(200);

	private static final AtomicInteger groups = new AtomicInteger();

	private final String group = "test-" + ProcessHandle.current().pid() + "-" + groups.incrementAndGet();

	private final StartedLeases started = new StartedLeases();

	private final List<RedisConnector> connectors = new ArrayList<>();

	private final RedisConnector connector;

	RedisLeaseTestSupport(RedisServer server) {
		this.connector = connector(server.uri());
	}

	String group() {
		return this.group;
	}

	RedisConnector connector() {
		return this.connector;
	}

	RedisLeaseDeployment.Builder builder() {
		return builder(this.connector);
	}

	/** A builder on another connector to the same data, such as one through a proxy. */
	RedisLeaseDeployment.Builder builder(RedisConnector connector) {
		return RedisLeaseDeployment.builder(connector)
			.leaseGroup(this.group)
			.leaseTimeout(LEASE_TIMEOUT)
			.markInterval(MARK_INTERVAL);
	}

	/** A connector closed at the end, after the deployments. */
	RedisConnector connector(RedisURI uri) {
		return connector(RedisConnector.builder(uri));
	}

	/** A connector with settings of its own, closed at the end, after the deployments. */
	RedisConnector connector(RedisConnector.Builder builder) {
		RedisConnector created = builder.build();
		this.connectors.add(created);
		return created;
	}

	/** Closes something at the end, after the deployments, before the connectors. */
	<C extends AutoCloseable> C closeAtEnd(C closeable) {
		return this.started.closeAtEnd(closeable);
	}

	@Override
	public Duration leaseTimeout() {
		return LEASE_TIMEOUT;
	}

	@Override
	public RedisLeaseDeployment startDeployment() {
		return start(builder().build());
	}

	RedisLeaseDeployment start(RedisLeaseDeployment deployment) {
		return this.started.start(deployment);
	}

	@Override
	public IdServiceProxy proxy(ClusterDeployment deployment, Duration leaseWaitTimeout) {
		return this.started.proxy(deployment, leaseWaitTimeout);
	}

	/**
	 * Settles the 32 worker ids of the group: records created where none were are claimed only after a
	 * lease timeout, so 32 deployments lease at once (one wait) and give their ids back, freeing each in
	 * this server incarnation; later deployments then lease at once.
	 */
	void settleWorkerIds() throws Exception {
		List<RedisLeaseDeployment> deployments = new ArrayList<>();
		for (int i = 0; i < 32; i++) {
			RedisLeaseDeployment deployment = builder().build();
			deployment.start();
			deployments.add(deployment);
		}
		try {
			leaseAtOnce(deployments, RedisLeaseDeployment::getWorkerId);
		}
		finally {
			deployments.forEach(RedisLeaseDeployment::close);
		}
	}

	/**
	 * Starts deployments 16 at a time (each opens a connection, checks the server and reads the range),
	 * closing them at the end.
	 */
	void startAll(List<RedisLeaseDeployment> deployments) throws Exception {
		deployments.forEach(this.started::closeAtEnd);
		AtOnce.run(deployments, 16, (deployment) -> {
			deployment.start();
			return 0;
		});
	}

	/**
	 * Marks the free records of node ids {@code 0..last} as freed by the running server, as give-backs
	 * would: a fixture for tests of many leasers that need no first wait.
	 * @return how many records it settled
	 */
	long settleRecords(int last) {
		String[] keys = new String[last + 1];
		for (int nodeId = 0; nodeId <= last; nodeId++) {
			keys[nodeId] = "idgen:lease:" + this.group + ":" + nodeId;
		}
		try (RedisChannel channel = new RedisChannel(this.connector, "idgen-test", Duration.ofSeconds(30),
				Duration.ofSeconds(1))) {
			Long settled = channel.write(RedisScript.load("test-settle"), ScriptOutputType.INTEGER, keys);
			return settled;
		}
	}

	/** Leases with every deployment at once, each on a thread of its own, so that they all wait at once. */
	static List<Integer> leaseAtOnce(List<RedisLeaseDeployment> deployments,
			ToIntFunction<RedisLeaseDeployment> lease) throws Exception {
		return AtOnce.run(deployments, deployments.size(), lease::applyAsInt);
	}

	@Override
	public void close() throws Exception {
		try {
			this.started.close();
		}
		finally {
			this.connectors.forEach(RedisConnector::close);
		}
	}

}
