package io.github.idgen.autoconfigure.zookeeper;

import io.github.idgen.cluster.ZooKeeperUnavailableException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up that could not reach ZooKeeper.
 */
class ZooKeeperUnavailableFailureAnalyzer extends AbstractFailureAnalyzer<ZooKeeperUnavailableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, ZooKeeperUnavailableException cause) {
		String description = "idgen could not connect to ZooKeeper at '" + cause.getConnectString() + "' within "
				+ cause.getTimeout().toMillis() + " ms, so it cannot lease a worker id.";
		String action = "Check that ZooKeeper is running and reachable from this host and that"
				+ " xxx.common.zookeeper-addr is right (or the ZooKeeperConnectionDetails bean that replaces it)."
				+ " On a slow network raise"
				+ " xxx.common.zookeeper-connection-timeout. To run without ZooKeeper, set"
				+ " xxx.common.zookeeper-enabled=false and give each instance its own xxx.common.id-worker-id.";
		return new FailureAnalysis(description, action, cause);
	}

}
