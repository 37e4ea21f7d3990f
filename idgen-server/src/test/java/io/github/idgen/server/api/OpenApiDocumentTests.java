package io.github.idgen.server.api;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;

import io.github.idgen.server.Http;
import io.github.idgen.server.IdgenServerApplication;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.info.BuildProperties;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The document the jar serves at {@code /v3/api-docs} is SpringDoc's document of the {@code /v1} API
 * as the controllers declare it now. When they change, this test fails; run it with
 * {@code -Dopenapi.write=true} to write the new document into the jar's resources, and review
 * its diff with the change.
 */
class OpenApiDocumentTests {

	private static final String SPRINGDOC_PATH = "/v3/springdoc-api-docs";

	private static final Path SHIPPED = Path.of("src/main/resources", ApiDocsController.DOCUMENT);

	@Test
	void theServedDocumentIsSpringDocsDocumentOfTheApi() throws IOException {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(IdgenServerApplication.class,
				SpringDocInfo.class)
			.run("--server.port=0", "--springdoc.api-docs.enabled=true", "--springdoc.api-docs.path=" + SPRINGDOC_PATH,
					"--springdoc.paths-to-match=/v1/**", "--springdoc.api-docs.version=openapi_3_1")) {
			int port = port(context);
			JsonNode springDoc = json(Http.get(port, SPRINGDOC_PATH));
			if (Boolean.getBoolean("openapi.write")) {
				ObjectNode stored = ((ObjectNode) springDoc).deepCopy();
				stored.remove("servers");
				((ObjectNode) stored.get("info")).put("version", "(the build's version, filled in when served)");
				Files.writeString(SHIPPED, JsonMapper.shared().writerWithDefaultPrettyPrinter().writeValueAsString(stored)
						+ "\n");
			}
			HttpResponse<String> served = Http.get(port, ApiDocsController.PATH);
			assertThat(served.headers().firstValue("Content-Type")).hasValue("application/json");
			assertThat(json(served)).as("/v3/api-docs against SpringDoc's document of the API now; if the API changed,"
					+ " rerun with -Dopenapi.write=true and review the diff of " + SHIPPED)
				.isEqualTo(springDoc);
		}
	}

	@Test
	void turnedOffTheDocumentIsAnUnknownPath() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(IdgenServerApplication.class)
			.run("--server.port=0", "--idgen.server.api-docs.enabled=false")) {
			assertThat(Http.get(port(context), ApiDocsController.PATH).statusCode()).isEqualTo(404);
		}
	}

	@Test
	void theServerUrlIsTheServersWhateverTheRequestPathLooksLike() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(IdgenServerApplication.class)
			.run("--server.port=0")) {
			int port = port(context);
			// %2D is '-': the path matches once decoded, while the raw URL is two characters longer
			HttpResponse<String> encoded = Http.get(port, "/v3/api%2Ddocs");
			assertThat(json(encoded).get("servers").get(0).get("url").asString()).isEqualTo("http://127.0.0.1:" + port);
		}
	}

	private static JsonNode json(HttpResponse<String> response) {
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return JsonMapper.shared().readTree(response.body());
	}

	private static int port(ConfigurableApplicationContext context) {
		return ((WebServerApplicationContext) context).getWebServer().getPort();
	}

	/** What the document says of itself: the server's name and its build's version (SpringDoc's own are "OpenAPI definition", "v0"). */
	@Configuration(proxyBeanMethods = false)
	static class SpringDocInfo {

		@Bean
		OpenAPI idgenServerOpenApi(ObjectProvider<BuildProperties> build) {
			BuildProperties properties = build.getIfAvailable();
			String version = (properties != null && properties.getVersion() != null) ? properties.getVersion() : "unknown";
			return new OpenAPI().info(new Info().title("idgen-server")
				.version(version)
				.description("Snowflake ids, segment ids and ranges, business numbers. Errors are RFC 9457 problem"
						+ " details; every request needs 'Authorization: Bearer <token>' unless the server runs as"
						+ " the demo."));
		}

	}

}
