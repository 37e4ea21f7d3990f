package io.github.idgen.server.api;

/**
 * A segment endpoint called on a server without segment ids (a service without a database or Redis); answered
 * with 404, as every tag is unknown there.
 */
class SegmentsOffException extends RuntimeException {

	SegmentsOffException() {
		super("This idgen-server has no segment ids: it has no segment store (spring.datasource.url, or Redis)");
	}

}
