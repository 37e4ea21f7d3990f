package io.github.idgen.autoconfigure;

import io.github.idgen.lease.WorkerIdsExhaustedException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up that found no free worker id.
 */
class WorkerIdsExhaustedFailureAnalyzer extends AbstractFailureAnalyzer<WorkerIdsExhaustedException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, WorkerIdsExhaustedException cause) {
		int size = cause.getLastNodeId() - cause.getFirstNodeId() + 1;
		String description = "idgen found no free worker id: all " + size + " lease nodes " + cause.getFirstNodeId()
				+ ".." + cause.getLastNodeId() + " under '" + cause.getPath() + "' are held by other ZooKeeper sessions ("
				+ cause.getHolders() + " holders).";
		String action = "Do one of these:\n"
				+ "\t- stop instances you do not need, or wait up to xxx.common.zookeeper-session-timeout for the"
				+ " sessions of killed instances to expire (zkCli: 'ls " + cause.getPath() + "', 'get " + cause.getPath()
				+ "/<id>' shows each holder);\n"
				+ "\t- give this service its own path with xxx.common.zookeeper-worker-ids-path, or its own"
				+ " xxx.common.id-data-center-id;\n"
				+ "\t- lease from all 1024 (datacenter id, worker id) pairs with xxx.common.zookeeper-lease-range=node-id.";
		return new FailureAnalysis(description, action, cause);
	}

}
