package io.github.idgen.jdbc;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;

import io.github.idgen.lease.ClusterDeployment;
import io.github.idgen.lease.IdServiceProxy;
import io.github.idgen.testsupport.LeaseFixture;
import io.github.idgen.testsupport.StartedLeases;

/**
 * Builds JDBC deployments and proxies with test-sized timeouts, each test in a lease group of its own,
 * and closes them (proxies first) when closed.
 */
final class JdbcLeaseTestSupport implements LeaseFixture<JdbcLeaseDeployment>, AutoCloseable {

	static final Duration LEASE_TIMEOUT = Duration.ofSeconds(3);

	static final Duration MARK_INTERVAL = Duration.ofMillis(200);

	private static final AtomicInteger groups = new AtomicInteger();

	private final DataSource dataSource;

	private final String group = "test-" + ProcessHandle.current().pid() + "-" + groups.incrementAndGet();

	private final StartedLeases started = new StartedLeases();

	JdbcLeaseTestSupport(DataSource dataSource) {
		this.dataSource = dataSource;
	}

	String group() {
		return this.group;
	}

	JdbcLeaseDeployment.Builder builder() {
		return builder(this.dataSource);
	}

	/** A builder on another pool to the same database, such as one through a proxy. */
	JdbcLeaseDeployment.Builder builder(DataSource dataSource) {
		return JdbcLeaseDeployment.builder(dataSource)
			.leaseGroup(this.group)
			.leaseTimeout(LEASE_TIMEOUT)
			.markInterval(MARK_INTERVAL)
			.schemaInitialization(LeaseSchemaInitialization.ALWAYS);
	}

	@Override
	public Duration leaseTimeout() {
		return LEASE_TIMEOUT;
	}

	@Override
	public JdbcLeaseDeployment startDeployment() {
		return start(builder().build());
	}

	JdbcLeaseDeployment start(JdbcLeaseDeployment deployment) {
		return this.started.start(deployment);
	}

	@Override
	public IdServiceProxy proxy(ClusterDeployment deployment, Duration leaseWaitTimeout) {
		return this.started.proxy(deployment, leaseWaitTimeout);
	}

	@Override
	public void close() throws Exception {
		this.started.close();
	}

}
