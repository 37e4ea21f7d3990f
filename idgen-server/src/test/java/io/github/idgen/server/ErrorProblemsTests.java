package io.github.idgen.server;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every error of {@code /v1} is a problem detail, also those that never reach the API's exception
 * handlers: Spring Security's firewall, methods it does not know, TRACE (which Tomcat refuses itself),
 * and requests that Tomcat cannot even parse. None repeats what the request carried.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = { "xxx.common.id-worker-id=9",
		"idgen.server.tokens[0].name=caller", "idgen.server.tokens[0].token=" + ErrorProblemsTests.TOKEN })
class ErrorProblemsTests {

	static final String TOKEN = "error-token-0123456789abcdef";

	private static final String BEARER = "Authorization: Bearer " + TOKEN;

	@LocalServerPort
	private int port;

	@ParameterizedTest
	@ValueSource(strings = { "/v1/ids/%2e%2e/next", "/v1//ids/next", "/v1/ids/next;x=1", "/v1/ids/%2F/next" })
	void theFirewallsRejectionIsABadRequestProblem(String path) {
		RawHttp.Answer answer = RawHttp.send(this.port, "GET " + path + " HTTP/1.1", BEARER, "Accept: text/html");
		assertProblem(answer, 400, "Bad Request");
	}

	@ParameterizedTest
	@ValueSource(strings = { "FOO", "PROPFIND", "TRACE" })
	void anUnknownOrRefusedMethodIsAMethodNotAllowedProblem(String method) {
		RawHttp.Answer answer = RawHttp.send(this.port, method + " /v1/ids/next HTTP/1.1", BEARER);
		assertProblem(answer, 405, "Method Not Allowed");
		assertThat(answer.header("Allow")).contains("GET").doesNotContain("TRACE").doesNotContain(method);
	}

	@Test
	void aMethodTheEndpointHasNotIsAMethodNotAllowedProblem() {
		assertProblem(RawHttp.send(this.port, "DELETE /v1/ids/next HTTP/1.1", BEARER), 405, "Method Not Allowed");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/v1/ids/next?a={b}", "/v1/ids/next?a=|", "/v1/ids/next?a=\"" })
	void aRequestTomcatCannotParseIsABadRequestProblem(String target) {
		RawHttp.Answer answer = RawHttp.send(this.port, "GET " + target + " HTTP/1.1", BEARER);
		assertProblem(answer, 400, "Bad Request");
	}

	@Test
	void anUnknownPathIsANotFoundProblem() {
		assertProblem(RawHttp.send(this.port, "GET /v1/nothing-here HTTP/1.1", BEARER), 404, "Not Found");
	}

	private static void assertProblem(RawHttp.Answer answer, int status, String title) {
		assertThat(answer.status()).as(answer.head()).isEqualTo(status);
		assertThat(answer.header("Content-Type")).as(answer.head()).isEqualTo("application/problem+json");
		assertThat((Integer) JsonPath.read(answer.body(), "$.status")).isEqualTo(status);
		assertThat((String) JsonPath.read(answer.body(), "$.title")).isEqualTo(title);
		assertThat(answer.body()).doesNotContain("timestamp").doesNotContain(TOKEN);
	}

}
