package io.github.idgen.autoconfigure.zookeeper;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up in cluster mode without idgen-zookeeper or Apache Curator on the classpath.
 */
class MissingCuratorFailureAnalyzer extends AbstractFailureAnalyzer<MissingCuratorException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingCuratorException cause) {
		String description = "idgen cannot lease a worker id: xxx.common.zookeeper-enabled=true needs Apache Curator"
				+ " (org.apache.curator:curator-framework) and idgen's ZooKeeper backend (io.github.idgen:idgen-zookeeper),"
				+ " and they are not both on the classpath (idgen-spring-boot-starter-jdbc and -redis leave them out).";
		String action = "Depend on io.github.idgen:idgen-spring-boot-starter, which brings every backend, or add"
				+ " io.github.idgen:idgen-zookeeper, which brings curator-framework. To run without ZooKeeper, set"
				+ " xxx.common.zookeeper-enabled=false and give each instance its own xxx.common.id-worker-id.";
		return new FailureAnalysis(description, action, cause);
	}

}
