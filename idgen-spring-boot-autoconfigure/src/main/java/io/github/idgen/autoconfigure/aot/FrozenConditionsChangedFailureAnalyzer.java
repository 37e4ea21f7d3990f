package io.github.idgen.autoconfigure.aot;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start on AOT code generated for other settings.
 */
class FrozenConditionsChangedFailureAnalyzer extends AbstractFailureAnalyzer<FrozenConditionsChangedException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, FrozenConditionsChangedException cause) {
		String action = "Do one of these:\n"
				+ "\t- start without -Dspring.aot.enabled=true: the application then decides its conditions from"
				+ " the settings it is given;\n"
				+ "\t- start with the settings the AOT code was generated with;\n"
				+ "\t- generate the AOT code again with these settings (spring-boot:process-aot's arguments or"
				+ " profiles).";
		return new FailureAnalysis(cause.getMessage(), action, cause);
	}

}
