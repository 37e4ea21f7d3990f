package io.github.idgen.server;

import java.net.http.HttpResponse;

import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;

/**
 * SpringDoc's beans are made when the OpenAPI document is first asked for, not at start; its
 * properties are still bound at start, so a bad {@code springdoc.*} value stops the server there.
 */
class LazyOpenApiBeansTests {

	@Test
	void theOpenApiDocumentIsBuiltOnItsFirstRequest() {
		try (ConfigurableApplicationContext context = SpringApplication.run(IdgenServerApplication.class,
				"--server.port=0")) {
			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			assertThat(context.getBeanFactory().containsSingleton("openApiResource")).isFalse();
			assertThat(context.getBeanFactory().containsSingleton("springdocObjectMapperProvider")).isFalse();
			assertThat(Http.get(port, "/v1/ids/next").statusCode()).isEqualTo(200);
			assertThat(context.getBeanFactory().containsSingleton("openApiResource")).isFalse();

			HttpResponse<String> document = Http.get(port, "/v3/api-docs");
			assertThat(document.statusCode()).isEqualTo(200);
			assertThat(document.body()).contains("\"/v1/ids/next\"");
			assertThat(context.getBeanFactory().containsSingleton("openApiResource")).isTrue();
		}
	}

	@Test
	void aBadSpringDocPropertyStillStopsTheStart() {
		assertThatException()
			.isThrownBy(() -> SpringApplication
				.run(IdgenServerApplication.class, "--server.port=0", "--springdoc.api-docs.version=openapi_9")
				.close())
			.satisfies((ex) -> assertThat(ex).hasRootCauseInstanceOf(IllegalArgumentException.class)
				.hasStackTraceContaining("springdoc.api-docs.version"));
	}

}
