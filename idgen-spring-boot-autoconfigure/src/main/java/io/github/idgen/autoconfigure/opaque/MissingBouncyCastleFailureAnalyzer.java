package io.github.idgen.autoconfigure.opaque;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains a start-up with {@code xxx.common.opaque-id-key} set and without Bouncy Castle, which the
 * starter leaves to the applications that make opaque ids.
 */
class MissingBouncyCastleFailureAnalyzer extends AbstractFailureAnalyzer<MissingBouncyCastleException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, MissingBouncyCastleException cause) {
		String key = OpaqueIdAutoConfiguration.KEY_PROPERTY;
		String description = key + " is set, so idgen makes opaque ids, which need Bouncy Castle's FF1"
				+ " (org.bouncycastle.crypto.fpe.FPEFF1Engine); Bouncy Castle is not on the classpath.";
		String action = "Add the dependency org.bouncycastle:bcprov-jdk18on (Spring Boot's dependency management"
				+ " gives its version). If this application makes no opaque ids, remove " + key + ", or set it empty.";
		return new FailureAnalysis(description, action, cause);
	}

}
