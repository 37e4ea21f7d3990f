package io.github.idgen.autoconfigure.opaque;

/**
 * Thrown at start-up when {@code xxx.common.opaque-id-key} is set and Bouncy Castle's FF1 is not on the
 * classpath.
 */
class MissingBouncyCastleException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	MissingBouncyCastleException() {
		super(OpaqueIdAutoConfiguration.KEY_PROPERTY + " is set, but opaque ids need Bouncy Castle's FF1 on the"
				+ " classpath: add org.bouncycastle:bcprov-jdk18on, or remove " + OpaqueIdAutoConfiguration.KEY_PROPERTY
				+ ".");
	}

}
