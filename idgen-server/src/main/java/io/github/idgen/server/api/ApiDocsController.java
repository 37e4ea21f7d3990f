package io.github.idgen.server.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

import io.github.idgen.autoconfigure.ConditionalOnSwitch;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.info.BuildProperties;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The OpenAPI 3.1 document of {@code /v1} at {@code /v3/api-docs}. It is SpringDoc's document of the
 * API, made when the server is built ({@code OpenApiDocumentTests} fails the build when the API and
 * the document part), so that SpringDoc, Swagger's models and Jackson 2 (some 2,000 classes) stay out
 * of the server and off the way to its first id. What SpringDoc worked out per request is worked
 * out here too: the version of this build and the server's address as the caller reached it.
 */
@RestController
@ConditionalOnSwitch(value = "idgen.server.api-docs.enabled", matchIfMissing = true)
class ApiDocsController {

	static final String PATH = "/v3/api-docs";

	/** The document as SpringDoc wrote it, without the parts worked out per request. */
	static final String DOCUMENT = "idgen-server/openapi-v1.json";

	private final ObjectProvider<BuildProperties> build;

	private volatile @Nullable ObjectNode document;

	ApiDocsController(ObjectProvider<BuildProperties> build) {
		this.build = build;
	}

	@GetMapping(path = PATH, produces = MediaType.APPLICATION_JSON_VALUE)
	JsonNode apiDocs(HttpServletRequest request) {
		ObjectNode stored = document();
		ObjectNode answer = JsonMapper.shared().createObjectNode();
		answer.set("openapi", stored.get("openapi"));
		ObjectNode info = ((ObjectNode) stored.get("info")).deepCopy();
		answer.set("info", info.put("version", version()));
		// the scheme, host and port as the caller reached them, and the context path: not the request's
		// URL less this path, which a path written another way (%2D for '-') makes longer
		String url = request.getRequestURL().toString();
		String server = url.substring(0, url.length() - request.getRequestURI().length()) + request.getContextPath();
		answer.putArray("servers")
			.addObject()
			.put("url", server)
			.put("description", "Generated server url");
		for (Map.Entry<String, JsonNode> part : stored.properties()) {
			if (!answer.has(part.getKey())) {
				answer.set(part.getKey(), part.getValue());
			}
		}
		return answer;
	}

	private String version() {
		BuildProperties properties = this.build.getIfAvailable();
		return (properties != null && properties.getVersion() != null) ? properties.getVersion() : "unknown";
	}

	/** Read when first asked for: no start pays for it. */
	private ObjectNode document() {
		ObjectNode read = this.document;
		if (read == null) {
			try (InputStream in = new ClassPathResource(DOCUMENT).getInputStream()) {
				read = (ObjectNode) JsonMapper.shared().readTree(in);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("The jar's " + DOCUMENT + " cannot be read", ex);
			}
			this.document = read;
		}
		return read;
	}

}
