package io.github.idgen.autoconfigure.text;

import java.util.List;
import java.util.Map;

import io.github.idgen.autoconfigure.text.IdTextWebAutoConfiguration.IdFormatWebFluxConfigurer;
import io.github.idgen.autoconfigure.text.IdTextWebAutoConfiguration.IdFormatWebMvcConfigurer;
import io.github.idgen.format.IdFormat;
import io.github.idgen.text.IdTextFormat;
import org.jspecify.annotations.Nullable;
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
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.reactive.config.EnableWebFlux;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.MvcUriComponentsBuilder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Tests for {@link IdTextWebAutoConfiguration}: real Spring MVC (MockMvc) and WebFlux
 * (WebTestClient) request handling in a context per condition.
 */
class IdTextWebAutoConfigurationTests {

	/** An id as idgen issues them in 2026. */
	private static final long ID = 2124017990742663169L;

	private static final String ORDER_ID = "ord_2Wu1XpwiWn3";

	private static final String EXPECTED = "expected 'ord_' and 11 characters of 0-9A-Za-z, from 'ord_00000000000' to"
			+ " 'ord_AzL8n0Y58m7'";

	private final WebApplicationContextRunner servlet = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class,
				HttpMessageConvertersAutoConfiguration.class, WebMvcAutoConfiguration.class,
				IdTextWebAutoConfiguration.class))
		.withUserConfiguration(OrderController.class);

	private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IdTextWebAutoConfiguration.class))
		.withUserConfiguration(WebFlux.class, OrderController.class);

	@Test
	void servletAppReadsAPathVariableInItsShortForm() {
		this.servlet.run((context) -> {
			assertThat(context).hasSingleBean(IdFormatWebMvcConfigurer.class).hasSingleBean(IdTextProblemHandler.class);
			mockMvc(context).perform(get("/orders/" + ORDER_ID))
				.andExpect(status().isOk())
				.andExpect(content().string(Long.toString(ID)));
		});
	}

	@Test
	void servletAppReadsRequestParametersInTheirShortForm() {
		this.servlet.run((context) -> {
			mockMvc(context).perform(get("/orders").param("customer", "0g4xxjef4syyp"))
				.andExpect(status().isOk())
				.andExpect(content().string("customer " + ID));
			mockMvc(context).perform(get("/orders").param("ids", "2Wu1XpwiWn3,2Wu1XpwiWn4"))
				.andExpect(status().isOk())
				.andExpect(content().string("ids [" + ID + ", " + (ID + 1) + "]"));
		});
	}

	@Test
	void servletAppBindsAnnotatedFieldsOfAModelAttribute() {
		this.servlet.run((context) -> mockMvc(context).perform(get("/search").param("customer", "0g4xxjef4syyp"))
			.andExpect(status().isOk())
			.andExpect(content().string("Search[customer=" + ID + "]")));
	}

	@Test
	void servletAppWritesLinksInTheShortForm() {
		this.servlet.run((context) -> mockMvc(context).perform(get("/orders/" + ORDER_ID + "/link"))
			.andExpect(status().isOk())
			.andExpect(content().string("/orders/" + ORDER_ID)));
	}

	@Test
	void servletAppAnswersAMalformedPathVariableWith400NamingIt() {
		this.servlet.run((context) -> mockMvc(context).perform(get("/orders/ord_2Wu1Xpw"))
			.andExpect(status().isBadRequest())
			.andExpect(content().contentType(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(jsonPath("$.title").value("Malformed id"))
			.andExpect(jsonPath("$.parameter").value("id"))
			.andExpect(jsonPath("$.detail").value("Parameter 'id': 'ord_2Wu1Xpw' is not a base62 id with prefix 'ord_':"
					+ " it is too short (11 characters, not 15); " + EXPECTED)));
	}

	@Test
	void servletAppAnswersAMalformedRequestParameterWith400NamingIt() {
		this.servlet.run((context) -> mockMvc(context).perform(get("/orders").param("customer", "0G4XXJEF4SYYP"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.parameter").value("customer"))
			.andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers.startsWith(
					"Parameter 'customer': '0G4XXJEF4SYYP' is not a base36 id: 'G' at index 1 is not a base36 digit"))));
	}

	@Test
	void servletAppAnswersAMalformedItemOfAListParameterWith400NamingIt() {
		this.servlet.run((context) -> mockMvc(context).perform(get("/orders").param("ids", "2Wu1XpwiWn3,2Wu1XpwiWn"))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.parameter").value("ids"))
			.andExpect(jsonPath("$.detail").value(org.hamcrest.Matchers
				.startsWith("Parameter 'ids': '2Wu1XpwiWn' is not a base62 id: it is too short (10 characters, not 11)"))));
	}

	@Test
	void otherConversionFailuresAreAnsweredAsBefore() {
		this.servlet.run((context) -> mockMvc(context).perform(get("/plain/abc"))
			.andExpect(status().isBadRequest())
			.andExpect((result) -> assertThat(result.getResolvedException())
				.isInstanceOf(MethodArgumentTypeMismatchException.class))
			.andExpect(content().string("")));
	}

	@Test
	void springBootsProblemDetailsComeFirstWhenSwitchedOn() {
		this.servlet.withPropertyValues("spring.mvc.problemdetails.enabled=true")
			.run((context) -> mockMvc(context).perform(get("/orders/ord_2Wu1Xpw"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.detail").value("Failed to convert 'id' with value: 'ord_2Wu1Xpw'")));
	}

	@Test
	void applicationsOwnHandlerWins() {
		this.servlet.withUserConfiguration(OwnHandler.class)
			.run((context) -> mockMvc(context).perform(get("/orders/ord_2Wu1Xpw"))
				.andExpect(status().isNotFound())
				.andExpect(jsonPath("$.error").value("no_such_order")));
	}

	@Test
	void anInvalidPrefixOnAControllerParameterStopsTheServletApp() {
		this.servlet.withUserConfiguration(BadPrefixController.class)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasMessage("@IdFormat on parameter 'id' of " + BadPrefixController.class.getName()
						+ ".order: Prefix 'ord' must end with '-', '.', '_' or '~' (such as 'ord_'): ids are letters"
						+ " and digits, so a separator shows where the prefix ends and keeps the texts of two prefixes"
						+ " apart"));
	}

	@Test
	void usersHandlerBeanReplacesOurs() {
		this.servlet.withBean("ownProblemHandler", IdTextProblemHandler.class, IdTextProblemHandler::new)
			.run((context) -> assertThat(context).hasSingleBean(IdTextProblemHandler.class)
				.hasBean("ownProblemHandler"));
	}

	@Test
	void notInANonWebApp() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdTextWebAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(IdTextProblemHandler.class)
				.doesNotHaveBean(IdFormatHandlerMethodCheck.class));
	}

	@Test
	void notWithoutSpringMvcInAServletApp() {
		new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(IdTextWebAutoConfiguration.class))
			.withClassLoader(new FilteredClassLoader(WebMvcConfigurer.class))
			.run((context) -> assertThat(context).doesNotHaveBean(IdFormatWebMvcConfigurer.class)
				.doesNotHaveBean(IdFormatHandlerMethodCheck.class));
	}

	@Test
	void reactiveAppReadsAPathVariableInItsShortForm() {
		this.reactive.run((context) -> {
			assertThat(context).hasSingleBean(IdFormatWebFluxConfigurer.class)
				.doesNotHaveBean(IdFormatWebMvcConfigurer.class);
			client(context).get()
				.uri("/orders/" + ORDER_ID)
				.exchange()
				.expectStatus()
				.isOk()
				.expectBody(String.class)
				.isEqualTo(Long.toString(ID));
		});
	}

	@Test
	void reactiveAppAnswersAMalformedPathVariableWith400NamingIt() {
		this.reactive.run((context) -> client(context).get()
			.uri("/customers/0g4xxjef4s")
			.exchange()
			.expectStatus()
			.isEqualTo(HttpStatus.BAD_REQUEST)
			.expectHeader()
			.contentType(MediaType.APPLICATION_PROBLEM_JSON)
			.expectBody()
			.jsonPath("$.parameter")
			.isEqualTo("customerId")
			.jsonPath("$.detail")
			.isEqualTo("Parameter 'customerId': '0g4xxjef4s' is not a base36 id: it is too short (10 characters, not 13);"
					+ " expected 13 characters of 0-9a-z, from '0000000000000' to '1y2p0ij32e8e7'"));
	}

	@Test
	void anInvalidPrefixOnAControllerParameterStopsTheReactiveApp() {
		this.reactive.withUserConfiguration(BadPrefixController.class)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasMessageStartingWith("@IdFormat on parameter 'id' of " + BadPrefixController.class.getName()
						+ ".order: Prefix 'ord' must end with"));
	}

	private static MockMvc mockMvc(WebApplicationContext context) {
		return MockMvcBuilders.webAppContextSetup(context).build();
	}

	private static WebTestClient client(org.springframework.context.ApplicationContext context) {
		return WebTestClient.bindToApplicationContext(context).build();
	}

	@RestController
	static class OrderController {

		@GetMapping("/orders/{id}")
		String order(@PathVariable @IdFormat(format = IdTextFormat.BASE62, prefix = "ord_") long id) {
			return Long.toString(id);
		}

		@GetMapping("/orders/{id}/link")
		String link(@PathVariable @IdFormat(format = IdTextFormat.BASE62, prefix = "ord_") long id) {
			return MvcUriComponentsBuilder.fromMethodName(OrderController.class, "order", id).build().getPath();
		}

		@GetMapping("/orders")
		String search(@RequestParam(required = false) @IdFormat(format = IdTextFormat.BASE36) @Nullable Long customer,
				@RequestParam(required = false) @IdFormat(format = IdTextFormat.BASE62) @Nullable List<Long> ids) {
			return (customer != null) ? "customer " + customer : "ids " + ids;
		}

		@GetMapping("/customers/{customerId}")
		String customer(@PathVariable("customerId") @IdFormat(format = IdTextFormat.BASE36) long id) {
			return Long.toString(id);
		}

		@GetMapping("/search")
		String search(Search search) {
			return search.toString();
		}

		@GetMapping("/plain/{id}")
		String plain(@PathVariable long id) {
			return Long.toString(id);
		}

	}

	record Search(@IdFormat(format = IdTextFormat.BASE36) @Nullable Long customer) {
	}

	@RestController
	static class BadPrefixController {

		@GetMapping("/bad/{id}")
		String order(@PathVariable @IdFormat(format = IdTextFormat.BASE62, prefix = "ord") long id) {
			return Long.toString(id);
		}

	}

	@RestControllerAdvice
	static class OwnHandler {

		@ExceptionHandler
		ResponseEntity<Map<String, String>> noSuchOrder(MethodArgumentTypeMismatchException ex) {
			return ResponseEntity.status(HttpStatus.NOT_FOUND).body(Map.of("error", "no_such_order"));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebFlux
	static class WebFlux {

	}

}
