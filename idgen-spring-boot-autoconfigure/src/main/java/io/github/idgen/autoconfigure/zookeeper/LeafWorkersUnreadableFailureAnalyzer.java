package io.github.idgen.autoconfigure.zookeeper;

import io.github.idgen.cluster.LeafWorkersUnreadableException;
import io.github.idgen.info.Documentation;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up that could not tell which worker ids Leaf's Snowflake servers hold.
 */
class LeafWorkersUnreadableFailureAnalyzer extends AbstractFailureAnalyzer<LeafWorkersUnreadableException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, LeafWorkersUnreadableException cause) {
		String description = "idgen cannot tell which worker ids Leaf's Snowflake servers hold at '" + cause.getPath()
				+ "' (xxx.common.zookeeper-leaf-workers): " + cause.getReason()
				+ ". It leases no worker id while any might be one a Leaf server issues ids with.";
		String action = cause.getFix() + " Once no Leaf server runs any more, delete Leaf's forever nodes and remove"
				+ " xxx.common.zookeeper-leaf-workers to lease every worker id again ("
				+ Documentation.page("migrate-from-leaf.md") + ").";
		return new FailureAnalysis(description, action, cause);
	}

}
