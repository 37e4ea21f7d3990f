package io.github.idgen.sample;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns {@link EmbeddedZooKeeperPortInUseException} into Spring Boot's "APPLICATION FAILED TO START"
 * report, with the command-line arguments that fix it.
 */
class EmbeddedZooKeeperPortInUseFailureAnalyzer extends AbstractFailureAnalyzer<EmbeddedZooKeeperPortInUseException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, EmbeddedZooKeeperPortInUseException cause) {
		int port = cause.getPort();
		String description = "The embedded ZooKeeper server could not listen on 127.0.0.1:" + port
				+ ": the port is already in use, probably by the embedded ZooKeeper of another instance of the"
				+ " sample app (it starts one whenever xxx.common.zookeeper-addr is not set).";
		String action = "To join that instance's ZooKeeper, so that both lease distinct worker ids from it, pass"
				+ " --xxx.common.zookeeper-addr=127.0.0.1:" + port + " and a free --server.port, for example:\n\n"
				+ "    java -jar idgen-sample-app/target/idgen-sample-app.jar --server.port=8081"
				+ " --xxx.common.zookeeper-addr=127.0.0.1:" + port + "\n\n"
				+ "To run a separate embedded ZooKeeper instead, pass --sample.embedded-zookeeper.port=<free port>"
				+ " (0 picks any free port).";
		return new FailureAnalysis(description, action, cause);
	}

}
