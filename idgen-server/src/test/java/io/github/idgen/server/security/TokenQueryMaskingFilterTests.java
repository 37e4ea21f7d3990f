package io.github.idgen.server.security;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The query string the logs see: every parameter Tomcat reads as {@code token} has its value
 * masked, however its name is spelled; nothing else changes.
 */
class TokenQueryMaskingFilterTests {

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = { "token=secret|token=******", "a=1&token=secret&b=2|a=1&token=******&b=2",
			"%74oken=secret|%74oken=******", "%74%6F%6B%65%6E=secret&count=2|%74%6F%6B%65%6E=******&count=2",
			"token=one&x=%74oken&token=two|token=******&x=%74oken&token=******", "token=|token=******",
			"&token=secret&|&token=******&", "%zz=secret|%zz=******" })
	void masksEveryParameterNamedToken(String query, String masked) {
		assertThat(TokenQueryMaskingFilter.masked(query)).isEqualTo(masked);
	}

	@ParameterizedTest
	@ValueSource(strings = { "count=3", "tokens=x", "my-token=x", "x=token", "token", "x=%74oken", "to+ken=x", "" })
	void leavesQueriesWithoutATokenAlone(String query) {
		assertThat(TokenQueryMaskingFilter.masked(query)).isNull();
	}

}
