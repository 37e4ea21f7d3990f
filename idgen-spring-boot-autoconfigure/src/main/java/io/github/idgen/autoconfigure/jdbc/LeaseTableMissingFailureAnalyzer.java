package io.github.idgen.autoconfigure.jdbc;

import io.github.idgen.jdbc.LeaseTableMissingException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up in JDBC mode whose lease table does not exist.
 */
class LeaseTableMissingFailureAnalyzer extends AbstractFailureAnalyzer<LeaseTableMissingException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, LeaseTableMissingException cause) {
		String action = "Create the table '" + cause.getTable() + "' with the script classpath:" + cause.getScript()
				+ " in idgen's jar (for example as a Flyway or Liquibase migration), or let idgen create it with"
				+ " xxx.common.jdbc-initialize-schema=always. If the table exists under another name or schema, set"
				+ " xxx.common.jdbc-lease-table.";
		return new FailureAnalysis(cause.getMessage(), action, cause);
	}

}
