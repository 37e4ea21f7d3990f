package io.github.idgen.server.api;

/**
 * A segment endpoint called on a server without segment ids (a service without a database or Redis); answered
 * with 404, as every tag is unknown there.
 */
class SegmentsOffException extends RuntimeException {

	private final String tag;

	SegmentsOffException(String tag) {
		super("Segment tag '" + tag + "' does not exist: this idgen-server has no segment ids, since it has no"
				+ " segment store (spring.datasource.url, or Redis)");
		this.tag = tag;
	}

	String getTag() {
		return this.tag;
	}

}
