package io.github.idgen.autoconfigure.web;

import java.time.Duration;
import java.util.Map;

import io.github.idgen.snowflake.IdService;
import io.github.idgen.snowflake.IdUnavailableException;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.reactive.config.EnableWebFlux;
import org.springframework.web.context.WebApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Tests for {@link IdUnavailableProblemAutoConfiguration}: real Spring MVC (MockMvc) and WebFlux
 * request handling in a context per condition.
 */
class IdUnavailableProblemAutoConfigurationTests {

	private final WebApplicationContextRunner servlet = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
				HttpMessageConvertersAutoConfiguration.class, WebMvcAutoConfiguration.class,
				IdUnavailableProblemAutoConfiguration.class))
		.withUserConfiguration(IdController.class);

	@Test
	void servletAppAnswers503WithRetryAfterAndAProblemDetail() {
		this.servlet.run((context) -> {
			assertThat(context).hasSingleBean(IdUnavailableProblemHandler.class);
			mockMvc(context).perform(get("/unavailable"))
				.andExpect(status().isServiceUnavailable())
				.andExpect(header().string("Retry-After", "3"))
				.andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
				.andExpect(jsonPath("$.status").value(503))
				.andExpect(jsonPath("$.title").value("Id unavailable"))
				.andExpect(jsonPath("$.detail").value("No id can be issued right now. Retry after 3 s."));
		});
	}

	@Test
	void servletAppAnswersASubclassFromARealGeneratorWith503() {
		this.servlet.run((context) -> mockMvc(context).perform(get("/clock-stepped-back"))
			.andExpect(status().isServiceUnavailable())
			.andExpect(header().string("Retry-After", "2"))
			.andExpect(jsonPath("$.title").value("Id unavailable")));
	}

	@Test
	void offByProperty() {
		this.servlet.withPropertyValues("xxx.common.web-unavailable-problem-enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(IdUnavailableProblemHandler.class);
			// nothing handles it: it reaches the servlet container, which answers 500
			assertThatException().isThrownBy(() -> mockMvc(context).perform(get("/unavailable")))
				.havingRootCause()
				.isInstanceOf(IdUnavailableException.class);
		});
	}

	@Test
	void notInANonWebApp() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(IdUnavailableProblemAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(IdUnavailableProblemHandler.class));
	}

	@Test
	void notWithoutSpringWeb() {
		this.servlet.withClassLoader(new FilteredClassLoader(ControllerAdvice.class))
			.run((context) -> assertThat(context).doesNotHaveBean(IdUnavailableProblemHandler.class));
	}

	@Test
	void applicationsOwnHandlerWins() {
		this.servlet.withUserConfiguration(OwnHandler.class).run((context) -> {
			assertThat(context).hasSingleBean(IdUnavailableProblemHandler.class);
			mockMvc(context).perform(get("/unavailable"))
				.andExpect(status().isTooManyRequests())
				.andExpect(jsonPath("$.error").value("try_later"));
		});
	}

	@Test
	void usersHandlerBeanReplacesOurs() {
		this.servlet.withBean("ownProblemHandler", IdUnavailableProblemHandler.class, IdUnavailableProblemHandler::new)
			.run((context) -> assertThat(context).hasSingleBean(IdUnavailableProblemHandler.class)
				.hasBean("ownProblemHandler"));
	}

	@Test
	void reactiveAppAnswers503WithRetryAfterAndAProblemDetail() {
		new ReactiveWebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(IdUnavailableProblemAutoConfiguration.class))
			.withUserConfiguration(WebFlux.class, IdController.class)
			.run((context) -> {
				assertThat(context).hasSingleBean(IdUnavailableProblemHandler.class);
				WebTestClient.bindToApplicationContext(context)
					.build()
					.get()
					.uri("/unavailable")
					.exchange()
					.expectStatus()
					.isEqualTo(HttpStatus.SERVICE_UNAVAILABLE)
					.expectHeader()
					.valueEquals("Retry-After", "3")
					.expectHeader()
					.contentType(MediaType.APPLICATION_PROBLEM_JSON)
					.expectBody()
					.jsonPath("$.title")
					.isEqualTo("Id unavailable");
			});
	}

	private static MockMvc mockMvc(WebApplicationContext context) {
		return MockMvcBuilders.webAppContextSetup(context).build();
	}

	@RestController
	static class IdController {

		private final IdService steppedBack = SteppedBackGenerator.steppedBackBy(1500);

		@GetMapping("/unavailable")
		long unavailable() {
			throw new IdUnavailableException("lease unconfirmed", Duration.ofMillis(2500));
		}

		@GetMapping("/clock-stepped-back")
		long clockSteppedBack() {
			return this.steppedBack.nextId();
		}

	}

	@RestControllerAdvice
	static class OwnHandler {

		@ExceptionHandler
		ResponseEntity<Map<String, String>> tryLater(IdUnavailableException ex) {
			return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS).body(Map.of("error", "try_later"));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebFlux
	static class WebFlux {

	}

}
