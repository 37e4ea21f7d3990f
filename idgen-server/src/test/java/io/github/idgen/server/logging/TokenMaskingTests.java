package io.github.idgen.server.logging;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Masking in the forms in which the logs of Tomcat, Spring and idgen print request lines, parameters
 * and headers (each sample as such a log printed it, with the token {@code s3cr3t}).
 */
class TokenMaskingTests {

	@ParameterizedTest
	@CsvSource(delimiter = '|', quoteCharacter = '`', value = {
			// Tomcat's parse error of a request line
			"Invalid character found in the request target [/api/x?token=s3cr3t&a={b} ]. The valid characters"
					+ "|Invalid character found in the request target [/api/x?token=******&a={b} ]. The valid characters",
			"target [/api/x?a=^&%74oken=s3cr3t ]. The|target [/api/x?a=^&%74oken=****** ]. The",
			"[/x?%74%6F%6B%65%6E=s3cr3t]|[/x?%74%6F%6B%65%6E=******",
			// Tomcat's parameter decoding
			"Character decoding failed. Parameter [token] with value [s3cr3t%FF] has been ignored."
					+ "|Character decoding failed. Parameter [token] with value [******] has been ignored.",
			// an access log line
			"127.0.0.1 \"GET /api/x?count=2&token=s3cr3t HTTP/1.1\" 200 19|127.0.0.1 \"GET /api/x?count=2&token=****** HTTP/1.1\" 200 19",
			// Spring MVC's request details
			"GET \"/x\", parameters={count:[2], token:[s3cr3t]}, headers={Host:[h], Authorization:[Bearer s3cr3t], Connection:[close]}"
					+ "|GET \"/x\", parameters={count:[2], token:[******]}, headers={Host:[h], Authorization:[******], Connection:[close]}",
			"parameters={token:[s3cr3t], b:[1]}|parameters={token:[******], b:[1]}",
			// JSON
			"{\"token\":\"s3cr3t\",\"a\":1}|{\"token\":\"******\",\"a\":1}",
			// a raw header, and a bearer token anywhere
			"Authorization: s3cr3t|Authorization: ******", "header value \"Bearer s3cr3t\" is not allowed|header value \"Bearer ****** is not allowed",
			"TOKEN=s3cr3t|TOKEN=******", "token=|token=******", "token=[s3cr3t|token=******" })
	void masksTheValueOfEveryFormThatMayHoldAToken(String text, String masked) {
		assertThat(TokenMasking.masked(text)).isEqualTo(masked).doesNotContain("s3cr3t");
	}

	@ParameterizedTest
	@ValueSource(strings = { "Securing GET /v1/ids/next", "holderToken=abc", "tokens=3", "x=token",
			"Authentication failed since The token matches no configured token", "100% done", "",
			"Configure at least one token: idgen.server.tokens[0].name=<caller> and idgen.server.tokens[0].sha256=<hex>" })
	void leavesTextWithoutATokenAsItIs(String text) {
		assertThat(TokenMasking.masked(text)).isSameAs(text);
	}

	@Test
	void masksAnAuthorizationHeaderOfARawRequestToTheEndOfItsLine() {
		assertThat(TokenMasking.masked("Received [GET /x HTTP/1.1\r\nAuthorization: Basic s3cr3t\r\nHost: h]"))
			.isEqualTo("Received [GET /x HTTP/1.1\r\nAuthorization: ******\r\nHost: h]");
	}

	@Test
	void masksEveryTokenOfALine() {
		assertThat(TokenMasking.masked("?token=a&token=b Bearer c")).isEqualTo("?token=******&token=****** Bearer ******");
	}

}
