package io.github.idgen.client;

/**
 * Thrown when every idgen-server asked refused the client's token (401) or did not allow it for the
 * tag (403). Not a store outage: trying again does not help until the token or the servers' token
 * configuration changes.
 */
public class ServerAccessDeniedException extends RuntimeException {

	/**
	 * Creates an exception.
	 * @param message the problem, naming each server and its answer
	 */
	public ServerAccessDeniedException(String message) {
		super(message);
	}

}
