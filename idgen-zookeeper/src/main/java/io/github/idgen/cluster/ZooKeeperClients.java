package io.github.idgen.cluster;

import java.time.Duration;
import java.util.function.Consumer;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

/**
 * Builds the Curator client that a {@link ClusterDeploymentImpl} creates for itself when it is not
 * given one, with the settings its lease relies on.
 */
final class ZooKeeperClients {

	private ZooKeeperClients() {
	}

	static CuratorFramework create(String connectString, Duration sessionTimeout, Duration connectionTimeout,
			Consumer<CuratorFrameworkFactory.Builder> customizer) {
		CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs((int) sessionTimeout.toMillis())
			.connectionTimeoutMs((int) connectionTimeout.toMillis())
			// lease operations retry briefly; recovery has its own schedule
			.retryPolicy(new ExponentialBackoffRetry(100, 3))
			// Curator declares LOST a whole session timeout after SUSPENDED, not sooner: safety
			// rests on the lease deadline, and giving up a live session early costs a worker id
			.simulatedSessionExpirationPercent(100)
			// the connect string is the configured one; the server's view must not rewrite it
			.ensembleTracker(false);
		customizer.accept(builder);
		return builder.build();
	}

}
