package io.github.idgen.autoconfigure.jdbc;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up with a JDBC backend switched on and no idgen-jdbc on the classpath.
 */
class MissingJdbcBackendFailureAnalyzer extends AbstractFailureAnalyzer<MissingJdbcBackendException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingJdbcBackendException cause) {
		String description = "idgen cannot keep its records in the database: " + cause.getSetting() + " needs idgen's"
				+ " JDBC backend (io.github.idgen:idgen-jdbc), which is not on the classpath.";
		String action = "Depend on io.github.idgen:idgen-spring-boot-starter-jdbc or idgen-spring-boot-starter (every"
				+ " backend), or add io.github.idgen:idgen-jdbc. To run without JDBC, set xxx.common.jdbc-enabled=false"
				+ " and, with xxx.common.segment-enabled=true, choose another xxx.common.segment-store.";
		return new FailureAnalysis(description, action, cause);
	}

}
