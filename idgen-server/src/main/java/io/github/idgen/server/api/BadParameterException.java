package io.github.idgen.server.api;

/**
 * A request parameter outside what the endpoint accepts; answered with 400.
 */
class BadParameterException extends RuntimeException {

	private final String parameter;

	BadParameterException(String parameter, String message) {
		super(message);
		this.parameter = parameter;
	}

	String getParameter() {
		return this.parameter;
	}

}
