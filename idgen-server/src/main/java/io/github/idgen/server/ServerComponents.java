package io.github.idgen.server;

import org.springframework.context.annotation.ImportSelector;
import org.springframework.core.type.AnnotationMetadata;

/**
 * The server's own components, named rather than found by scanning its packages: a scan reads
 * every class of the jar's {@code io.github.idgen.server} packages at each start, on the way to the
 * first id, to find these. Names, not classes, since most are package-private in their packages.
 * {@code ServerComponentsTests} fails when a component is added without being listed here.
 */
class ServerComponents implements ImportSelector {

	private static final String[] COMPONENTS = { "io.github.idgen.server.DemoSegmentTags",
			"io.github.idgen.server.ListeningSockets", "io.github.idgen.server.ModeAnnouncement",
			"io.github.idgen.server.api.ApiConfiguration", "io.github.idgen.server.api.ApiDocsController",
			"io.github.idgen.server.api.ApiExceptionHandler", "io.github.idgen.server.api.IdServletConfiguration",
			"io.github.idgen.server.api.Ids", "io.github.idgen.server.api.LeafController",
			"io.github.idgen.server.api.V1CodesController", "io.github.idgen.server.api.V1GeneratorsController",
			"io.github.idgen.server.api.V1IdsController", "io.github.idgen.server.api.V1SegmentsController",
			"io.github.idgen.server.api.V1TagsController", "io.github.idgen.server.console.ConsoleConfiguration",
			"io.github.idgen.server.security.SecurityConfiguration",
			"io.github.idgen.server.security.SecurityProblemHandler",
			"io.github.idgen.server.web.ProblemErrorController",
			"io.github.idgen.server.web.ServletContainerConfiguration" };

	@Override
	public String[] selectImports(AnnotationMetadata importingClassMetadata) {
		return COMPONENTS.clone();
	}

}
