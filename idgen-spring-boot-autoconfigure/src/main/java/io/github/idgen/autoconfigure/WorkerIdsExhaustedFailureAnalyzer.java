package io.github.idgen.autoconfigure;

import io.github.idgen.lease.LeaseRange;
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
		String description = "idgen found no free worker id: all " + size + " leases " + cause.getFirstNodeId()
				+ ".." + cause.getLastNodeId() + " at '" + cause.getPath() + "' are held by other instances ("
				+ cause.getHolders() + " holders).";
		String action = "Do one of these:\n"
				+ "\t- stop instances you do not need, or wait for the leases of killed instances to run out"
				+ " (xxx.common.zookeeper-session-timeout, xxx.common.jdbc-lease-timeout or"
				+ " xxx.common.redis-lease-timeout); each lease at '"
				+ cause.getPath() + "/<id>' names its holder;\n"
				+ "\t- give this service a place of its own (xxx.common.zookeeper-worker-ids-path,"
				+ " xxx.common.jdbc-lease-group or xxx.common.redis-lease-group), or its own"
				+ " xxx.common.id-data-center-id;\n"
				+ ((cause.getRange() == LeaseRange.WORKER_ID)
						? "\t- lease from every (datacenter id, worker id) pair of the layout with"
								+ " xxx.common.lease-range=node-id." : "");
		return new FailureAnalysis(description, action, cause);
	}

}
