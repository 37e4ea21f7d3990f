package io.github.idgen.server;

/**
 * Thrown at start-up when the server's configuration would serve ids unsafely: without tokens, to
 * a network in demo mode, or with a token setting that cannot work. Its message names the property;
 * {@link ServerConfigurationFailureAnalyzer} gives the fix.
 */
public class ServerConfigurationException extends IllegalStateException {

	private final String action;

	/**
	 * Creates an exception.
	 * @param message the problem, naming the property
	 * @param action what to change
	 */
	public ServerConfigurationException(String message, String action) {
		super(message);
		this.action = action;
	}

	/**
	 * Returns what to change.
	 * @return the fix
	 */
	public String getAction() {
		return this.action;
	}

}
