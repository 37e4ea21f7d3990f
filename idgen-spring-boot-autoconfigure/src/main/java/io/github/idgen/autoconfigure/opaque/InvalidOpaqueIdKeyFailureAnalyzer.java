package io.github.idgen.autoconfigure.opaque;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Tells how to make a valid {@code xxx.common.opaque-id-key}.
 */
class InvalidOpaqueIdKeyFailureAnalyzer extends AbstractFailureAnalyzer<InvalidOpaqueIdKeyException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, InvalidOpaqueIdKeyException cause) {
		return new FailureAnalysis(cause.getMessage() + ".",
				"Generate a random key with 'openssl rand -base64 32' (AES-256) and pass it to "
						+ OpaqueIdAutoConfiguration.KEY_PROPERTY + " from a secret store, such as the environment"
						+ " variable XXX_COMMON_OPAQUEIDKEY; never commit it. Once opaque ids are in use, keep the"
						+ " key: with another key they no longer decode.",
				cause);
	}

}
