package io.github.idgen.autoconfigure.zookeeper;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up in cluster mode without Apache Curator on the classpath.
 */
class MissingCuratorFailureAnalyzer extends AbstractFailureAnalyzer<MissingCuratorException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingCuratorException cause) {
		String description = "idgen cannot lease a worker id: xxx.common.zookeeper-enabled=true needs Apache Curator"
				+ " (org.apache.curator:curator-framework), which is not on the classpath.";
		String action = "Depend on io.github.idgen:idgen-spring-boot-starter, which brings curator-framework, or add"
				+ " org.apache.curator:curator-framework yourself. To run without ZooKeeper, set"
				+ " xxx.common.zookeeper-enabled=false and give each instance its own xxx.common.id-worker-id.";
		return new FailureAnalysis(description, action, cause);
	}

}
