package io.github.idgen.server;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tokens never reach the log, even with Spring Security, Spring MVC and idgen logging at TRACE:
 * neither a good nor a bad one, neither in the header nor in Leaf's {@code ?token=}.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "xxx.common.id-worker-id=6", "idgen.server.tokens[0].name=logged-caller",
				"idgen.server.tokens[0].token=" + TokenLoggingTests.GOOD, "logging.level.org.springframework.security=TRACE",
				"logging.level.org.springframework.web=TRACE", "logging.level.io.github.idgen=TRACE",
				"logging.level.org.apache.catalina=DEBUG", "logging.level.org.apache.tomcat=DEBUG" })
@ExtendWith(OutputCaptureExtension.class)
class TokenLoggingTests {

	static final String GOOD = "good-token-7f3a9c1e5b2d4f6a";

	static final String BAD = "bad-token-1b2c3d4e5f6a7b8c";

	@LocalServerPort
	private int port;

	@Test
	void neitherAGoodNorABadTokenIsLogged(CapturedOutput output) {
		assertThat(Http.get(this.port, "/v1/ids/next", GOOD).statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/api/snowflake/get/any?token=" + GOOD).statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/v1/ids/next", BAD).statusCode()).isEqualTo(401);
		assertThat(Http.get(this.port, "/api/snowflake/get/any?token=" + BAD).statusCode()).isEqualTo(401);
		// the requests and their authentication were logged, the query string too
		assertThat(output).contains("Securing GET /api/snowflake/get/any?token=******")
			.contains("Authenticating request with TokenAuthenticationProvider")
			.contains("Authentication failed with provider TokenAuthenticationProvider since The token matches no"
					+ " configured token");
		assertThat(output).doesNotContain(GOOD).doesNotContain(BAD);
	}

	@Test
	void aPercentEncodedTokenParameterIsMaskedToo(CapturedOutput output) {
		// Tomcat decodes the parameter's name, so these authenticate as ?token= does
		assertThat(Http.get(this.port, "/api/snowflake/get/any?%74oken=" + GOOD).statusCode()).isEqualTo(200);
		assertThat(Http.get(this.port, "/api/snowflake/get/any?count=1&%74%6F%6B%65%6E=" + GOOD).statusCode())
			.isEqualTo(200);
		assertThat(Http.get(this.port, "/api/snowflake/get/any?to%6Ben=" + BAD).statusCode()).isEqualTo(401);
		assertThat(output).contains("Securing GET /api/snowflake/get/any?%74oken=******")
			.contains("Securing GET /api/snowflake/get/any?count=1&%74%6F%6B%65%6E=******");
		assertThat(output).doesNotContain(GOOD).doesNotContain(BAD);
	}

}
